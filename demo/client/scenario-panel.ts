/**
 * "Test scenarios" for QA: the scenario picker (test cards, or a full 3-D Secure simulator flow,
 * which needs a new session created with its metadata) and the cards to type for it, each
 * with its expected outcome and a Copy button.
 */
import type { PublicScenario, ScenariosResponse } from '../shared/api-types';
import { element } from './dom';

const GROUP_LABELS: Record<PublicScenario['group'], string> = {
  cards: 'Simplified simulator',
  flows: 'Full 3-D Secure simulator',
  methods: 'Other payment methods',
};

/** 4000000000000002 → "4000 0000 0000 0002". */
export function groupDigits(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export class ScenarioPanel {
  private scenarios: PublicScenario[] = [];

  constructor(
    private readonly select: HTMLSelectElement,
    private readonly description: HTMLElement,
    private readonly cardsBody: HTMLTableSectionElement,
  ) {}

  /** Fills the picker; `onChange` runs with the chosen id when the tester picks another. */
  init(data: ScenariosResponse, onChange: (scenarioId: string) => void): void {
    this.scenarios = data.scenarios;
    const groups = new Map<PublicScenario['group'], HTMLOptGroupElement>();
    for (const scenario of data.scenarios) {
      let group = groups.get(scenario.group);
      if (!group) {
        group = element('optgroup', { attributes: { label: GROUP_LABELS[scenario.group] } });
        groups.set(scenario.group, group);
        this.select.append(group);
      }
      group.append(element('option', { text: scenario.label, attributes: { value: scenario.id } }));
    }
    this.select.value = data.defaultScenario;
    this.render();
    this.select.addEventListener('change', () => {
      this.render();
      onChange(this.select.value);
    });
  }

  get selected(): string {
    return this.select.value;
  }

  setDisabled(disabled: boolean): void {
    this.select.disabled = disabled;
  }

  private render(): void {
    const scenario = this.scenarios.find((candidate) => candidate.id === this.select.value);
    this.description.textContent = scenario?.description ?? '';
    this.cardsBody.replaceChildren(
      ...(scenario?.cards ?? []).map((card) => {
        const grouped = groupDigits(card.number);
        const copy = element('button', {
          className: 'button-copy',
          text: 'Copy',
          attributes: { type: 'button', 'aria-label': `Copy card number ${grouped}` },
        });
        copy.addEventListener('click', () => void copyNumber(copy, card.number));
        return element('tr', {}, [
          element('td', {}, [element('code', { className: 'card-number', text: grouped })]),
          element('td', { text: card.expected }),
          element('td', { className: 'copy-cell' }, [copy]),
        ]);
      }),
    );
  }
}

async function copyNumber(button: HTMLButtonElement, number: string): Promise<void> {
  let label = 'Copied';
  try {
    await navigator.clipboard.writeText(number);
  } catch {
    label = 'Copy failed';
  }
  button.textContent = label;
  setTimeout(() => {
    button.textContent = 'Copy';
  }, 2000);
}

/**
 * The card form's way to a co-badged card's network chooser (network-chooser.ts, a chunk of
 * its own). Part of the card rules' chunk (card-rules.ts): a number has networks only once the
 * rules are here, and neither the frame's nor the hosted page's first download carries any
 * of it. Nothing for a number with one network; for a co-badged one, the chooser, or nothing
 * while its chunk loads. The choice is the model's (card-form-model.ts); which network is
 * chosen when the shopper has not, core's rule (co-badged.ts).
 *
 * The rules' chunk imports nothing from the frame's entry (that would be one more request as
 * the rules load, and a dynamic import here would bring the entry's import helper): the form
 * hands in the chooser's import, and undefined draws nothing as lit's `nothing` does.
 */
import { cardBrandName, type Messages } from '@payments/core';
import type { TemplateResult } from 'lit/html.js';
import type { CardFormModel } from './card-form-model';
import type { renderNetworkChooser } from './network-chooser';

let render: typeof renderNetworkChooser | undefined;
let loading: Promise<void> | undefined;

/**
 * The chooser of the number field `id` of the form whose model is `model`. `changed` redraws
 * the form and reports its state: after a choice, and once the chooser's chunk is here;
 * `importChooser` loads that chunk (the same for every form: the first load is kept).
 */
export function renderNetworkChoice(
  model: CardFormModel,
  id: string,
  text: Messages,
  busy: boolean,
  changed: () => void,
  importChooser: () => Promise<{ renderNetworkChooser: typeof renderNetworkChooser }>,
): TemplateResult | undefined {
  const { networks, network } = model.networks();
  if (networks.length < 2) return undefined;
  if (!render) {
    // A failed load is asked for again at the next redraw (retried-import.ts).
    (loading ??= importChooser().then((module) => void (render = module.renderNetworkChooser), () => void (loading = undefined))).then(changed, changed);
    return undefined;
  }
  return render({
    id,
    networks: networks.map((network) => ({ id: network, name: cardBrandName(network) ?? network })),
    chosen: network,
    legend: text.cardNetwork.legend,
    busy,
    onChoose: (chosen) => {
      model.chosenNetwork = chosen;
      changed();
    },
  });
}

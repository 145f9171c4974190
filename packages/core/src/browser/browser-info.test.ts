import { describe, expect, it } from 'vitest';
import type { BrowserEnvironment } from './browser-info';
import { acceptHeaderDefault, collectBrowserInfo } from './browser-info';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function env(overrides: { navigator?: Partial<BrowserEnvironment['navigator']>; screen?: Partial<BrowserEnvironment['screen']>; date?: Date } = {}): BrowserEnvironment {
  return {
    navigator: { userAgent: CHROME, language: 'sv-SE', ...overrides.navigator },
    screen: { colorDepth: 24, height: 1080, width: 1920, ...overrides.screen },
    date: overrides.date ?? new Date('2026-05-15T12:00:00Z'),
  };
}

describe('collectBrowserInfo', () => {
  it("fills the spec's browser_info from the environment", () => {
    const date = new Date('2026-05-15T12:00:00Z');
    expect(collectBrowserInfo(env({ date }))).toEqual({
      user_agent: CHROME,
      accept_header: acceptHeaderDefault,
      java_enabled: false,
      color_depth: 24,
      screen_height: 1080,
      screen_width: 1920,
      time_zone_offset: date.getTimezoneOffset(),
      language: 'sv-SE',
    });
  });

  it('takes the time zone offset from the injected date', () => {
    const cet = new Date('2026-01-15T12:00:00Z');
    cet.getTimezoneOffset = () => -60;
    expect(collectBrowserInfo(env({ date: cet })).time_zone_offset).toBe(-60);
  });

  it('reads javaEnabled as a method or a flag, false when absent or throwing', () => {
    expect(collectBrowserInfo(env({ navigator: { javaEnabled: () => true } })).java_enabled).toBe(true);
    expect(collectBrowserInfo(env({ navigator: { javaEnabled: true } })).java_enabled).toBe(true);
    expect(collectBrowserInfo(env({ navigator: { javaEnabled: () => false } })).java_enabled).toBe(false);
    const throwing = () => {
      throw new TypeError('Illegal invocation');
    };
    expect(collectBrowserInfo(env({ navigator: { javaEnabled: throwing } })).java_enabled).toBe(false);
  });

  it('calls javaEnabled on the navigator, as browsers require', () => {
    const navigator = {
      userAgent: CHROME,
      language: 'en-US',
      enabled: true,
      javaEnabled(this: { enabled: boolean }) {
        return this.enabled;
      },
    };
    expect(collectBrowserInfo({ ...env(), navigator }).java_enabled).toBe(true);
  });

  it('maps colour depths to the values 3-D Secure accepts', () => {
    expect(collectBrowserInfo(env({ screen: { colorDepth: 30 } })).color_depth).toBe(24);
    expect(collectBrowserInfo(env({ screen: { colorDepth: 32 } })).color_depth).toBe(32);
    expect(collectBrowserInfo(env({ screen: { colorDepth: 0 } })).color_depth).toBe(1);
  });

  it('rounds fractional screen sizes of zoomed displays', () => {
    const info = collectBrowserInfo(env({ screen: { height: 853.3333, width: 1280.4 } }));
    expect([info.screen_height, info.screen_width]).toEqual([853, 1280]);
  });

  it('defaults an empty language and caps a huge user agent', () => {
    const info = collectBrowserInfo(env({ navigator: { language: '', userAgent: 'x'.repeat(5000) } }));
    expect(info.language).toBe('en');
    expect(info.user_agent).toHaveLength(2048);
  });

  it('sends an Accept header of a document request', () => {
    expect(acceptHeaderDefault).toMatch(/^text\/html,/);
  });
});

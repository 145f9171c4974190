/**
 * The spec's `browser_info` for 3-D Secure, collected from an injected environment so it
 * stays pure: the frame passes `{navigator, screen, date: new Date()}`, tests pass objects.
 */
import type { BrowserInfo } from '../api-types';

/**
 * The Accept header sent as `accept_header`. Scripts cannot read the browser's real one;
 * this is what browsers send for a top-level document, which is what the issuer expects.
 */
export const acceptHeaderDefault = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The parts of the browser `collectBrowserInfo` reads. */
export interface BrowserEnvironment {
  navigator: {
    userAgent: string;
    language: string;
    /** `navigator.javaEnabled` (a method in browsers), or a plain flag. */
    javaEnabled?: (() => boolean) | boolean;
  };
  screen: { colorDepth: number; height: number; width: number };
  /** The moment of collection; its time zone offset is the browser's. */
  date: Date;
}

/** Colour depths EMV 3-D Secure accepts, ascending. */
const COLOR_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48] as const;

/** The deepest accepted colour depth not above `depth` (HDR screens report 30 → 24). */
function emvColorDepth(depth: number): number {
  let chosen: number = COLOR_DEPTHS[0];
  for (const accepted of COLOR_DEPTHS) if (accepted <= depth) chosen = accepted;
  return chosen;
}

function javaEnabled(flag: BrowserEnvironment['navigator']['javaEnabled'], navigator: object): boolean {
  if (typeof flag === 'boolean') return flag;
  if (typeof flag !== 'function') return false;
  try {
    return flag.call(navigator) === true;
  } catch {
    return false;
  }
}

/** Longest user agent EMV 3-D Secure accepts. */
const MAX_USER_AGENT_LENGTH = 2048;

/**
 * The spec's BrowserInfo from the environment: java_enabled false when unknown,
 * time_zone_offset from `date.getTimezoneOffset()` (minutes, positive west of UTC), screen
 * sizes rounded, colour depth mapped to a value the 3-D Secure protocol accepts, language
 * 'en' when the browser reports none.
 */
export function collectBrowserInfo(env: BrowserEnvironment): BrowserInfo {
  const { navigator, screen, date } = env;
  return {
    user_agent: navigator.userAgent.slice(0, MAX_USER_AGENT_LENGTH),
    accept_header: acceptHeaderDefault,
    java_enabled: javaEnabled(navigator.javaEnabled, navigator),
    color_depth: emvColorDepth(screen.colorDepth),
    screen_height: Math.round(screen.height),
    screen_width: Math.round(screen.width),
    time_zone_offset: date.getTimezoneOffset(),
    language: navigator.language || 'en',
  };
}

/**
 * The only platform APIs core may use.
 *
 * Core compiles with the ECMAScript library alone (tsconfig.json: no DOM, no Node types), so
 * any global beyond the language is declared here, in the shape that every supported browser
 * and Node 20 both provide: WHATWG Encoding (TextEncoder/TextDecoder), base64 (btoa/atob) and
 * URL, reduced to the members core uses. Adding a line here is a design decision: the API
 * must exist, alike, in the frames, the hosted page and the gateway.
 */

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  decode(input?: Uint8Array): string;
}

declare function btoa(data: string): string;
declare function atob(data: string): string;

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly hostname: string;
}

/**
 * The per-package tsconfigs, shown on fixtures: a virtual file is type-checked beside a
 * package's own sources, with that package's compiler options (what `pnpm typecheck`,
 * `tsc -b`, uses), and must fail where it uses a platform the package may not see — the DOM
 * or Node in core, Node in the gateway-origin frame code and the hosted page, the DOM in the
 * mock gateway — and pass where it uses what the package may. Checking the fixtures beside
 * the real sources also catches a dependency's types leaking a platform in.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

const CANNOT_FIND_NAME = [2304, 2580, 2582, 2584, 2591]; // "Cannot find name 'x'" (with or without "install @types/…")
const CANNOT_FIND_MODULE = [2307];

/** The project `tsconfig` (relative to the root), as the root tsconfig.json references it. */
function projectOptions(tsconfig: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, tsconfig), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => expect.fail(String(d.messageText)) });
  if (!parsed || parsed.errors.length) expect.fail(`${tsconfig}: ${parsed?.errors.map((e) => e.messageText).join('; ')}`);
  return parsed;
}

/** The diagnostic codes of each virtual file, checked with the project's options and files. */
function check(tsconfig: string, fixtures: Record<string, string>): Record<string, number[]> {
  const parsed = projectOptions(tsconfig);
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, composite: false, incremental: false, declaration: false, emitDeclarationOnly: false };
  const virtual = new Map(Object.entries(fixtures).map(([name, code]) => [join(root, name), code]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const code = virtual.get(name);
    return code === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, code, language);
  };
  const program = ts.createProgram({ rootNames: [...parsed.fileNames, ...virtual.keys()], options, host });
  return Object.fromEntries(
    Object.keys(fixtures).map((name) => [name, ts.getPreEmitDiagnostics(program, program.getSourceFile(join(root, name))).map((d) => d.code)]),
  );
}

const rootReferences = (projectOptions('tsconfig.json').projectReferences ?? []).map((r) => ts.resolveProjectReferencePath(r));

// Each check builds a program of a whole package (tens of files and its libraries): allow for a busy machine.
describe('per-package type boundaries (tsconfig.json per package)', { timeout: 60_000 }, () => {
  it.each(['packages/core/tsconfig.json', 'packages/embedded-fields/tsconfig.json', 'packages/hosted-page/tsconfig.json', 'packages/mock-gateway/tsconfig.json'])(
    '%s is built by `pnpm typecheck` and covers its sources',
    (tsconfig) => {
      expect(rootReferences).toContain(join(root, tsconfig));
      expect(projectOptions(tsconfig).fileNames).toContain(join(root, dirname(tsconfig), 'src/index.ts'));
    },
  );

  it('core: the DOM and Node are not there; ECMAScript and the platform.d.ts globals are', () => {
    const codes = check('packages/core/tsconfig.json', {
      'packages/core/src/__dom.ts': 'export const title = document.title;',
      'packages/core/src/__window.ts': 'export const width = window.innerWidth;',
      'packages/core/src/__node-import.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
      'packages/core/src/__node-global.ts': 'export const env = process.env;',
      'packages/core/src/__allowed.ts':
        "export const origin = new URL('https://acs.example/x').origin;\nexport const bytes = new TextEncoder().encode(btoa('x'));\nexport const tag = new Intl.Locale('bs-BA').language;",
    });
    expect(codes['packages/core/src/__dom.ts']).toEqual([expect.toBeOneOf(CANNOT_FIND_NAME)]);
    expect(codes['packages/core/src/__window.ts']).toEqual([expect.toBeOneOf(CANNOT_FIND_NAME)]);
    expect(codes['packages/core/src/__node-import.ts']).toEqual(CANNOT_FIND_MODULE);
    expect(codes['packages/core/src/__node-global.ts']).toEqual([expect.toBeOneOf(CANNOT_FIND_NAME)]);
    expect(codes['packages/core/src/__allowed.ts']).toEqual([]);
  });

  it('Embedded Fields (secure and host code): the DOM is there, Node is not', () => {
    const codes = check('packages/embedded-fields/tsconfig.json', {
      'packages/embedded-fields/src/secure/__node-import.ts': "import { createHash } from 'node:crypto';\nexport const hash = createHash;",
      'packages/embedded-fields/src/secure/__node-global.ts': "export const bytes = Buffer.from('4111');",
      'packages/embedded-fields/src/host/__node-global.ts': 'export const env = process.env;',
      'packages/embedded-fields/src/secure/__allowed.ts': "export const title = document.title;\nexport const key = crypto.subtle.importKey;",
    });
    expect(codes['packages/embedded-fields/src/secure/__node-import.ts']).toEqual(CANNOT_FIND_MODULE);
    expect(codes['packages/embedded-fields/src/secure/__node-global.ts']).toEqual([expect.toBeOneOf(CANNOT_FIND_NAME)]);
    expect(codes['packages/embedded-fields/src/host/__node-global.ts']).toEqual([expect.toBeOneOf(CANNOT_FIND_NAME)]);
    expect(codes['packages/embedded-fields/src/secure/__allowed.ts']).toEqual([]);
  });

  it('hosted page: the DOM is there, Node is not', () => {
    const codes = check('packages/hosted-page/tsconfig.json', {
      'packages/hosted-page/src/__node-import.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
      'packages/hosted-page/src/__allowed.ts': "export const main = document.querySelector('main');",
    });
    expect(codes['packages/hosted-page/src/__node-import.ts']).toEqual(CANNOT_FIND_MODULE);
    expect(codes['packages/hosted-page/src/__allowed.ts']).toEqual([]);
  });

  it('mock gateway: Node is there, the DOM is not', () => {
    const codes = check('packages/mock-gateway/tsconfig.json', {
      'packages/mock-gateway/src/__dom.ts': 'export const title = document.title;',
      'packages/mock-gateway/src/__allowed.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\nexport const env = process.env;",
    });
    expect(codes['packages/mock-gateway/src/__dom.ts']).toEqual([expect.toBeOneOf(CANNOT_FIND_NAME)]);
    expect(codes['packages/mock-gateway/src/__allowed.ts']).toEqual([]);
  });
});

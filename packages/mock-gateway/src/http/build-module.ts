/**
 * A Node module a browser build carries for the gateway (a first view's renderer:
 * the hosted page's `dist/first-view.js`, Embedded Fields' `dist/frame/card-first-view.js`),
 * imported once per file, so the markup the gateway serves always matches that build's script
 * and stylesheet. Undefined when the build has none or it is not what `accept` expects; a
 * build that appears later (the gateway builds missing bundles) is looked for again.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const modules = new Map<string, Promise<unknown>>();

export function importFromBuild<T>(file: string, accept: (module: Record<string, unknown>) => boolean): Promise<T | undefined> {
  let module = modules.get(file) as Promise<T | undefined> | undefined;
  if (!module) {
    module = existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: Record<string, unknown>) => (accept(m) ? (m as T) : undefined),
          () => undefined,
        )
      : Promise.resolve(undefined);
    void module.then((m) => m ?? modules.delete(file));
    modules.set(file, module);
  }
  return module;
}

/**
 * ESLint rule `boundaries/no-relative-package-import`: a relative import stays inside the
 * package it is written in. Another package is imported by its name (`@payments/core`), so
 * only the entries its package.json `exports` lists are reachable; never by a path into its
 * folder (`../../core/src/money`, `../packages/mock-gateway/src/config`, `../../demo/server`).
 *
 * A file's package is the nearest folder above it with a package.json: each of packages/*,
 * demo/ and e2e/, and the workspace root for everything else (bench/, hostile/, scripts/,
 * the root configs). The target's folder is found from the path alone, so the rule needs no
 * resolver and works on files that do not exist yet (the lint fixture test relies on that).
 *
 * Option `allow`: [{ from, to, reason }] lets files under `from` import `to` by a relative
 * path (both relative to ESLint's cwd), for a known exception that waits on another change.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const roots = new Map();

/** The nearest folder at or above `dir` (a folder or a file's path) with a package.json. */
function packageRoot(dir) {
  let root = roots.get(dir);
  if (root === undefined) {
    const parent = path.dirname(dir);
    root = existsSync(path.join(dir, 'package.json')) || parent === dir ? dir : packageRoot(parent);
    roots.set(dir, root);
  }
  return root;
}

function packageName(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).name ?? root;
  } catch {
    return root;
  }
}

const posix = (p) => p.split(path.sep).join('/');
const within = (file, folder) => file === folder.replace(/\/$/, '') || file.startsWith(folder.endsWith('/') ? folder : `${folder}/`);

/** @type {import('eslint').Rule.RuleModule} */
export const noRelativePackageImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another workspace package by its name, never by a relative path into its folder.' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' }, reason: { type: 'string' } },
              required: ['from', 'to', 'reason'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossing:
        "'{{source}}' reaches into {{target}} from {{own}}: import it by its package name (an entry its package.json exports lists), not by a relative path.",
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? [];
    const file = path.resolve(context.cwd, context.filename);
    const dir = path.dirname(file);
    const own = packageRoot(dir);

    function check(node) {
      const source = node?.value;
      if (typeof source !== 'string' || !(source === '.' || source === '..' || source.startsWith('./') || source.startsWith('../'))) return;
      const target = path.resolve(dir, source);
      const targetRoot = packageRoot(target);
      if (targetRoot === own) return;
      const from = posix(path.relative(context.cwd, file));
      const to = posix(path.relative(context.cwd, target));
      if (allow.some((rule) => within(from, rule.from) && within(to, rule.to))) return;
      context.report({ node, messageId: 'crossing', data: { source, target: packageName(targetRoot), own: packageName(own) } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `import('../x').T` in a type position.
      TSImportType: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-relative-package-import': noRelativePackageImport } };

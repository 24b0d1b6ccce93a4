/**
 * `local/no-import-cycle`: no file reaches itself through its imports, type-only imports included (import-x's
 * no-cycle skips `import type`, so a cycle held together by types alone passes it). The graph is read with
 * TypeScript's own module resolution (tsconfig.json: paths, package.json "imports"), every static, type, re-export
 * and dynamic import counted, files outside the repository (node_modules) left out. Each file's imports are read
 * once per lint run; an import is reported when the file it names leads back to the importing file, with the path.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
let compilerOptions;
function options() {
  if (compilerOptions) return compilerOptions;
  const configPath = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  compilerOptions = ts.parseJsonConfigFileContent(config, ts.sys, root).options;
  return compilerOptions;
}

const importsOf = new Map();
/** The repository files `file` imports, each with the specifier that names it. */
function imports(file) {
  const known = importsOf.get(file);
  if (known) return known;
  const found = [];
  importsOf.set(file, found);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return found;
  }
  for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
    const resolved = ts.resolveModuleName(specifier, file, options(), ts.sys).resolvedModule?.resolvedFileName;
    if (!resolved || resolved.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const target = path.resolve(resolved);
    if (!target.startsWith(root + path.sep)) continue;
    found.push({ specifier, target });
  }
  return found;
}

/** The chain of files from `from` back to `to`, or undefined when `to` cannot be reached. */
function pathBack(from, to) {
  const parent = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target } of imports(file)) {
      if (parent.has(target)) continue;
      parent.set(target, file);
      if (target === to) {
        const chain = [to];
        for (let at = file; at !== null; at = parent.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(target);
    }
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    messages: { cycle: 'Import cycle (type imports count): {{chain}}' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const check = (node, specifier) => {
      const entry = imports(file).find((candidate) => candidate.specifier === specifier);
      if (!entry) return;
      const chain = entry.target === file ? [file] : pathBack(entry.target, file);
      if (!chain) return;
      const names = [file, ...chain].map((name) => path.relative(root, name));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    const fromSource = (node) => {
      if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
      },
    };
  },
};

export default { rules: { 'no-import-cycle': rule } };

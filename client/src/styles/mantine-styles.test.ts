import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app imports Mantine's styles per component (src/styles/mantine.ts says why), so a module that renders a Mantine
// component must bring that component's stylesheet, and the stylesheets of the components it is built from (a Select
// is a Combobox in a Popover), or the component arrives unstyled on a first visit to the page (a Select's dropdown
// drawn under the footer). This test walks Mantine's own modules to learn which stylesheets each export needs: every
// `X.module.mjs` (the class names of X's stylesheet) that an export reaches is `@mantine/<package>/styles/X.css`. A
// module's styles are those imported by it, by what it imports statically, or by the entry's static imports (loaded
// on every page); a page loaded later does not count.

const src = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const ENTRY = path.join(src, 'main.tsx');

/** `import … from '…'` and `import '…'`, without `import type`, as [named imports, specifier]. */
function importsOf(source: string): Array<{ names: string[]; from: string }> {
  const found: Array<{ names: string[]; from: string }> = [];
  for (const match of source.matchAll(/^import\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[1]) continue;
    const clause = match[2] ?? '';
    const braces = clause.match(/\{([\s\S]*)\}/)?.[1] ?? '';
    const names = braces
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0] as string);
    found.push({ names, from: match[3] as string });
  }
  return found;
}

// --- Mantine's side: which stylesheets each export needs ---

const MANTINE_PACKAGES = ['core', 'dropzone', 'notifications'] as const;
// The package's CommonJS main sits in cjs/, beside esm/.
const esmDir = (pkg: string) => path.join(path.dirname(require.resolve(`@mantine/${pkg}`)), '..', 'esm');

/** The file each export of a Mantine package's index comes from. */
const exportFiles = new Map<string, Map<string, string>>(
  MANTINE_PACKAGES.map((pkg) => {
    const index = path.join(esmDir(pkg), 'index.mjs');
    const files = new Map<string, string>();
    for (const { names, from } of importsOf(readFileSync(index, 'utf8'))) {
      if (!from.startsWith('.')) continue;
      for (const name of names) files.set(name, path.resolve(path.dirname(index), from));
    }
    return [`@mantine/${pkg}`, files];
  }),
);

const importsOfFile = new Map<string, Array<{ names: string[]; from: string }>>();
const cachedImports = (file: string) => {
  let imports = importsOfFile.get(file);
  if (!imports) {
    imports = importsOf(readFileSync(file, 'utf8'));
    importsOfFile.set(file, imports);
  }
  return imports;
};

/** The stylesheets (as import specifiers) a Mantine module needs, following its imports within Mantine. */
function mantineStylesheets(file: string): Set<string> {
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const module = current.match(/[\\/]@mantine[\\/](\w+)[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/);
    if (module) sheets.add(`@mantine/${module[1]}/styles/${module[2]}.css`);
    for (const { names, from } of cachedImports(current)) {
      if (from.startsWith('.')) visit(path.resolve(path.dirname(current), from));
      else
        for (const name of names) {
          const target = exportFiles.get(from)?.get(name);
          if (target) visit(target);
        }
    }
  };
  visit(file);
  return sheets;
}

/** The stylesheets a named import from a Mantine package needs. */
function stylesheetsOfExport(pkg: string, name: string): Set<string> {
  const file = exportFiles.get(pkg)?.get(name);
  return file ? mantineStylesheets(file) : new Set();
}

/** `@mantine/dropzone/styles/Dropzone.css` is also satisfied by the package's whole `@mantine/dropzone/styles.css`. */
const satisfies = (imported: Set<string>, sheet: string) =>
  imported.has(sheet) || imported.has(sheet.replace(/\/styles\/\w+\.css$/, '/styles.css'));

// --- The app's side: which stylesheets load with each module ---

function appModules(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'test' ? [] : appModules(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** The stylesheets imported by a module and everything it imports statically. */
function loadedStylesheets(file: string, sheets = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return sheets;
  seen.add(file);
  for (const { from } of importsOf(readFileSync(file, 'utf8'))) {
    if (from.startsWith('@mantine/') && from.endsWith('.css')) sheets.add(from);
    const local = from.startsWith('.') ? resolveLocal(file, from) : undefined;
    if (local && /\.tsx?$/.test(local)) loadedStylesheets(local, sheets, seen);
  }
  return sheets;
}

describe("Mantine's per-component styles", () => {
  const always = loadedStylesheets(ENTRY);

  it('knows where a Select gets its dropdown from (the walk of Mantine’s modules works)', () => {
    expect([...stylesheetsOfExport('@mantine/core', 'Select')]).toEqual(
      expect.arrayContaining(['@mantine/core/styles/Combobox.css', '@mantine/core/styles/Popover.css']),
    );
    expect([...stylesheetsOfExport('@mantine/core', 'Modal')]).toEqual(
      expect.arrayContaining(['@mantine/core/styles/ModalBase.css', '@mantine/core/styles/Overlay.css']),
    );
  });

  it.each(appModules(src).map((file) => [path.relative(src, file), file]))(
    '%s loads the styles of every Mantine component it imports',
    (_name, file) => {
      const needed = new Set<string>();
      for (const { names, from } of importsOf(readFileSync(file, 'utf8'))) {
        if (!exportFiles.has(from)) continue;
        for (const name of names) for (const sheet of stylesheetsOfExport(from, name)) needed.add(sheet);
      }
      const loaded = new Set([...always, ...loadedStylesheets(file)]);
      const missing = [...needed].filter((sheet) => !satisfies(loaded, sheet)).sort();
      expect(missing.join(', '), 'stylesheets to import').toBe('');
    },
  );
});

/**
 * Every name the declaration writes is checked by the compiler: a misspelled row or toolbar action,
 * icon, ref, owner field, sort field or menu entry is a type error at the line that holds it (or, for
 * a menu entry listed nowhere, an error naming it), not a screen that silently shows nothing. Each
 * case type-checks resources.config.ts and the area files it imports with one misspelling made in
 * memory; the files on disk are never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository: the nearest folder above this file with a resources.config.ts (wherever this file is moved). */
function repository(dir: string): string {
  return fs.existsSync(path.join(dir, 'resources.config.ts')) ? dir : repository(path.dirname(dir));
}
const ROOT = repository(import.meta.dirname);
const CONFIG = path.join(ROOT, 'resources.config.ts');
const area = (name: string) => path.join(ROOT, 'src/resources', `${name}.ts`);

function compilerOptions(): ts.CompilerOptions {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options, noEmit: true };
}

/**
 * One compiler host for every case: files other than the one changed are parsed once and handed to
 * each new program (which then reuses them); the changed file is read from `changes`.
 */
function checker() {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const parsed = new Map<string, ts.SourceFile>();
  const changes = new Map<string, string>();
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, fresh) => {
    const key = path.resolve(fileName);
    const changed = changes.get(key);
    if (changed !== undefined) return ts.createSourceFile(fileName, changed, language, true);
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile(fileName, language, onError, fresh);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => changes.get(path.resolve(fileName)) ?? readFile(fileName);
  let program: ts.Program | undefined;

  /** The errors in `file` (or in `reported`) with `text` in place of its contents (none: as on disk). */
  return (file: string, text?: string, reported = file): ts.Diagnostic[] => {
    changes.clear();
    if (text !== undefined) changes.set(file, text);
    program = ts.createProgram({ rootNames: [CONFIG, file], options, host, oldProgram: program });
    const source = program.getSourceFile(reported);
    if (!source) throw new Error(`${reported} is not part of the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  };
}

const render = (d: ts.Diagnostic) => {
  const where =
    d.file && d.start !== undefined
      ? `${path.relative(ROOT, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} `
      : '';
  return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
};

/**
 * A misspelling: the first `from` in `file` becomes `to`. The error is on that line, or, for a name in
 * a snippet the area files share (src/resources/fields.ts), in the `reported` file that uses it,
 * naming the misspelled value.
 */
interface Typo {
  what: string;
  file: string;
  from: string;
  to: string;
  reported?: string;
}

const typos: Typo[] = [
  { what: 'a row action name', file: area('accounts'), from: "name: 'userMoney'", to: "name: 'userMony'" },
  { what: 'a toolbar action name', file: area('catalog'), from: "name: 'stockDisable'", to: "name: 'stockDisabel'" },
  { what: 'a menu icon', file: area('accounts'), from: "icon: 'TeamOutlined'", to: "icon: 'TeamOutline'" },
  { what: "a ref's resource", file: area('links'), from: "resource: 'orders'", to: "resource: 'order'" },
  {
    what: "a ref's label field",
    file: area('accounts'),
    from: "resource: 'groups', labelField: 'name'",
    to: "resource: 'groups', labelField: 'nmae'",
  },
  { what: 'an owner field', file: area('fields'), from: "ownerField: 'user_id'", to: "ownerField: 'userid'", reported: area('finance') },
  { what: 'a default sort field', file: area('accounts'), from: "defaultSort: { field: 'sort'", to: "defaultSort: { field: 'srot'" },
  { what: "a section's entry", file: CONFIG, from: "'connect',", to: "'conect'," },
  {
    what: "a page's access rule",
    file: CONFIG,
    from: "access: 'sup:money',\n    menu: { label: 'USDT 设置'",
    to: "access: 'admin',\n    menu: { label: 'USDT 设置'",
  },
  {
    what: "a server area's hook key",
    file: path.join(ROOT, 'server/accounts/index.ts'),
    from: 'hooks: { users: userHooks }',
    to: 'hooks: { user: userHooks }',
  },
];

describe('the declaration is checked by the compiler', () => {
  let check: ReturnType<typeof checker>;
  beforeAll(() => {
    check = checker();
  });

  it('as written, has no error', () => {
    for (const file of [CONFIG, ...['accounts', 'catalog', 'content', 'declare', 'fields', 'finance', 'intake', 'links'].map(area)]) {
      expect(check(file).map(render), path.relative(ROOT, file)).toEqual([]);
    }
  }, 120_000);

  it.each(typos)(
    'a misspelled name is an error on its line: $what',
    ({ file, from, to, reported }) => {
      const text = fs.readFileSync(file, 'utf8');
      const at = text.indexOf(from);
      expect(at, `${from} in ${path.relative(ROOT, file)}`).toBeGreaterThanOrEqual(0);
      const errors = check(file, text.slice(0, at) + to + text.slice(at + from.length), reported);
      expect(errors.length, 'errors').toBeGreaterThan(0);
      if (reported) {
        const misspelled = /'([^']*)'$/.exec(to)![1];
        expect(errors.map(render).join('\n')).toContain(`"${misspelled}"`);
      } else {
        const lines = errors.map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line + 1);
        expect(lines, errors.map(render).join('\n')).toContain(text.slice(0, at).split('\n').length);
      }
    },
    120_000,
  );

  it('a menu entry listed in no section is an error naming it', () => {
    const text = fs.readFileSync(CONFIG, 'utf8');
    const listed = "items: ['users', 'discounts', 'info']";
    expect(text).toContain(listed);
    const errors = check(CONFIG, text.replace(listed, "items: ['users', 'info']")).map(render);
    expect(errors.join('\n')).toMatch(/listed in no section: discounts/);
  }, 120_000);
});

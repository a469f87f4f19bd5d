/**
 * The table types are generated (`npm run db:types`) from the migrated schema and the declaration:
 * the file in the repository is what generating it now writes, so a migration or a declared enum
 * changed without regenerating fails here, and a hand edit of the generated file does too.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { currentTableTypes, GENERATED_TABLES } from '../../../server/schema/codegen/schema-sources.js';

describe('server/schema/generated-tables.ts', () => {
  it('is what npm run db:types writes now (run it after changing a migration or the declaration)', async () => {
    expect(fs.readFileSync(GENERATED_TABLES, 'utf8')).toBe(await currentTableTypes());
  });

  it("types a declared enum's column as its values: server code comparing a status with a misspelled one does not compile", () => {
    const errors = (status: string) =>
      compile(`import type { Kysely } from 'kysely';
import type { DB } from './tables.js';
export const probe = (db: Kysely<DB>) => db.selectFrom('users').select('id').where('status', '=', '${status}');
`);
    expect(errors('disabled')).toEqual([]);
    expect(errors('disabeld').join('\n')).toMatch(/"disabeld".*not assignable/);
  });
});

/** The errors of a file placed in server/schema, type-checked with the project's options. */
function compile(text: string): string[] {
  const root = path.resolve(import.meta.dirname, '../../..');
  const file = path.join(root, 'server/schema/probe.ts');
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const options = { ...ts.parseJsonConfigFileContent(config, ts.sys, root).options, noEmit: true, types: ['node'] };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, text, language, true) : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram({ rootNames: [file], options, host });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

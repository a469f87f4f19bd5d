import fs from 'node:fs';
import * as prettier from 'prettier';

/** Writes files the generators made in the project's Prettier style, so `npm run lint` stays clean after them. */
export async function writeFormatted(files: [file: string, text: string][]): Promise<void> {
  for (const [file, text] of files) {
    const options = (await prettier.resolveConfig(file)) ?? {};
    fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
  }
}

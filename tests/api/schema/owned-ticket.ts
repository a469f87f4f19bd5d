/**
 * The guide's code as the tests run it: docs/adding-an-entity.md's blocks read from the guide itself,
 * so a walk-through test tries what the guide says, and a guide edited out of step with the code fails.
 */
import fs from 'node:fs';
import path from 'node:path';

const GUIDE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/adding-an-entity.md'), 'utf8');

/** The first fenced block of this language after the guide's words `after`. */
export function guideBlock(after: string, lang = 'ts'): string {
  const at = GUIDE.indexOf(after);
  if (at < 0) throw new Error(`docs/adding-an-entity.md no longer says: ${after}`);
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(GUIDE.slice(at));
  if (!block) throw new Error(`docs/adding-an-entity.md has no ${lang} block after: ${after}`);
  return block[1];
}

/** The guide's owned entity ("An owned entity", step 2), as a developer writes it over what new:entity wrote. */
export const TICKETS = guideBlock('**2. Declare it.**');

import type { ResourceDef } from '../../../src/framework/declaration/index.js';
import { isOwnRule } from '../../../src/framework/declaration/index.js';
import { AppError, Code } from '../http/envelope.js';
import type { Caller } from '../http/auth.js';
import type { Row } from '../http/validate.js';

/**
 * The owner field a customer may not choose in this write: on an 'own' add or edit of a resource
 * with an owner field, the row is the caller's. Undefined: the caller (a sup) sets it as any field.
 */
export function ownerFieldFor(def: ResourceDef, action: 'add' | 'edit', caller: Caller): string | undefined {
  if (!def.ownerField || caller.role === 'sup' || !isOwnRule(def.access[action])) return undefined;
  return def.ownerField;
}

/**
 * A customer's body without the owner field, which is theirs: another user's id is refused (403, the
 * field named), their own id or nothing is taken as it is.
 */
export function withoutOwner(
  def: ResourceDef,
  body: Record<string, unknown>,
  field: string,
  caller: Caller,
  action: 'add' | 'edit',
): Record<string, unknown> {
  if (!Object.hasOwn(body, field)) return body;
  const { [field]: given, ...rest } = body;
  if (given !== undefined && given !== null && given !== '' && Number(given) !== caller.userId) {
    const message = action === 'add' ? `不能为其他用户添加${def.label}` : `不能把${def.label}转给其他用户`;
    throw new AppError(Code.forbidden, message, { errors: { [field]: message } });
  }
  return rest;
}

/** A sup's new row with its owner left empty is the sup's own (a required owner field is asked for by validation first). */
export function ownedBySupIfEmpty(def: ResourceDef, row: Row, caller: Caller): Row {
  const field = def.ownerField;
  if (!field || caller.role !== 'sup' || (row[field] !== undefined && row[field] !== null)) return row;
  return { ...row, [field]: caller.userId };
}

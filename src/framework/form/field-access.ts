import { isOwnRule, type AccessRule, type FieldDef, type ResourceDef } from '../declaration';

/** How a declared field shows in a form: an input, a locked input (its value shown, never sent), or not at all. */
export type FieldState = 'open' | 'locked' | 'hidden';

/**
 * A field's place in the create or edit form for the current caller (`can`: whether they pass a
 * rule; `sup`: whether they are one), by the rules the server holds the write to: readonly fields and
 * a customer's owner field (the server fills it) are never inputs; editOnly ones wait for edit;
 * createOnly ones are locked on edit; a field whose `write` rule the caller does not pass is left out
 * on create and locked on edit (left out too when it is a ref: its options are another resource's,
 * which that caller may not list).
 */
export function fieldState(
  def: Pick<ResourceDef, 'access' | 'ownerField'>,
  name: string,
  field: FieldDef,
  action: 'create' | 'edit',
  caller: { sup: boolean; can(rule: AccessRule): boolean },
): FieldState {
  if (field.readonly) return 'hidden';
  if (action === 'create' && field.editOnly) return 'hidden';
  if (name === def.ownerField && !caller.sup && isOwnRule(def.access[action === 'create' ? 'add' : 'edit'])) return 'hidden';
  if (field.write && !caller.can(field.write)) return action === 'create' || field.type === 'ref' ? 'hidden' : 'locked';
  if (action === 'edit' && field.createOnly) return 'locked';
  return 'open';
}

/**
 * The framework's declaration language: the shapes of resources, fields, pages and the menu, who may
 * do what, and typed helpers that check a product's declaration. No React, no DOM, no Node: the
 * console and the server both import it.
 */
export {
  allows,
  defineStaffRoles,
  grantOf,
  grantsOf,
  isOwnRule,
  NO_GRANTS,
  roleOf,
  type AccessRule,
  type Action,
  type Grant,
  type GrantNames,
  type Grants,
  type Role,
  type StaffRoleDef,
} from './access';
export type {
  EnumOption,
  FieldDef,
  FieldType,
  ListTab,
  MenuEntry,
  PageDef,
  ResourceDef,
  RowAction,
  SectionDef,
  ToolbarAction,
} from './types';
export { declaration, type Names } from './define';

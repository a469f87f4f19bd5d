/**
 * The shapes the framework generates from. They are declared once, next to the entities, in
 * resources.config.ts; the framework only reads them and names no entity itself.
 */
export type {
  AccessRule, Action, FieldDef, FieldType, MenuEntry, PageDef, ResourceDef, Role, RowAction, SectionKey, ToolbarAction,
} from '../../resources.config';
export { allows, roleOf } from '../../resources.config';

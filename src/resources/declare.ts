import { declaration } from '../framework/declaration';
// Types only: the server loads this declaration too, and must not load the console's code.
import type { rowActions, toolbarActions } from './actions';
import type { icons } from './icons';

/**
 * The declaration helpers of this product: every icon, row action and toolbar action a declaration
 * names must be one the console registers (the maps in ./icons.ts and ./actions.ts), or it does not
 * compile.
 */
export const declare = declaration<{
  icon: keyof typeof icons;
  rowAction: keyof typeof rowActions;
  toolbarAction: keyof typeof toolbarActions;
}>();

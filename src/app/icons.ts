import { registerIconSource } from '../framework/icons';

/** The icons the declaration names (src/resources/icons.ts), fetched with the menu that draws them. */
registerIconSource(() => import('../resources/icons').then((m) => m.icons));

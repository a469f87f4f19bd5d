import { registerIcons } from '../framework/icons';
import { icons } from '../resources/icons';

/** The icons the declaration names (src/resources/icons.ts), for the menu to draw. */
registerIcons(icons);

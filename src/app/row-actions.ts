import { lazy } from 'react';
import { registry } from '../framework/registry';
import { rowActions, toolbarActions } from '../resources/actions';

/** What the declaration's row and toolbar actions draw (src/resources/actions.ts), loaded when first shown. */
registry.lazyRowActions(rowActions);
registry.lazyToolbarActions(toolbarActions);
/** The input of `html` fields: a rich-text editor, loaded when a form first shows one. */
registry.input(
  'html',
  lazy(() => import('../common/editor/HtmlEditor')),
);
/** The input of fields declared `input: 'country'`: a country chosen by name, with search. */
registry.input(
  'country',
  lazy(() => import('../resources/goods/CountrySelect')),
);

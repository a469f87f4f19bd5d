import type { FieldDef, MenuEntry, PageDef, ResourceDef, RowAction, ToolbarAction } from './types';

/**
 * Typed declarations. A product gives `declaration<Names>()` the names its console registers (icons,
 * row actions, toolbar actions: the key types of its registration maps), and gets helpers that check,
 * at compile time, every name it writes: an action's or a toolbar action's name, a menu icon, a ref's
 * resource and label field, an owner field, a default sort field, a section's entries. At run time
 * each helper returns what it is given.
 *
 * How: each helper's type parameter is bounded by a type computed from itself (`const R extends
 * CheckedResources<R, …>`). The compiler infers the literal type of the object written, then checks
 * it against that bound, in which every name is narrowed to the names that exist (the fields of this
 * resource, the declared resources, the registered actions). A misspelled name is therefore a type
 * error on the property that holds it, listing what it could have been; a name inside a shared snippet
 * spread into an entry is reported on that entry, naming the property and the misspelled value.
 */
export interface Names {
  icon: string;
  rowAction: string;
  toolbarAction: string;
}

type FieldsOf<D> = D extends { fields: infer F } ? F : never;

/** A ref names a declared resource and one of its fields. */
type CheckedField<F, All> = F extends { ref: { resource: infer T } }
  ? FieldDef & { ref: { resource: keyof All & string; labelField: T extends keyof All ? keyof FieldsOf<All[T]> & string : string } }
  : FieldDef;

type CheckedMenu<N extends Names> = MenuEntry & { icon: N['icon'] };

type CheckedResource<D, All, N extends Names> = Omit<
  ResourceDef,
  'menu' | 'ownerField' | 'defaultSort' | 'actions' | 'toolbar' | 'fields'
> & {
  menu?: CheckedMenu<N>;
  ownerField?: keyof FieldsOf<D> & string;
  defaultSort?: { field: keyof FieldsOf<D> & string; order: 'asc' | 'desc' };
  actions?: readonly (RowAction & { name: N['rowAction'] })[];
  toolbar?: readonly (ToolbarAction & { name: N['toolbarAction'] })[];
  fields: { [K in keyof FieldsOf<D>]: CheckedField<FieldsOf<D>[K], All> };
};

type CheckedResources<R, All, N extends Names> = { [K in keyof R]: CheckedResource<R[K], All, N> };

type CheckedPages<P, N extends Names> = { [K in keyof P]: Omit<PageDef, 'menu'> & { menu?: CheckedMenu<N> } };

/** The entries (resources and pages) that have a menu item, by name. */
type WithMenu<E> = { [K in keyof E as E[K] extends { menu: object } ? K : never]: true };

type Listed<S> = S[keyof S] extends { items: readonly (infer I)[] } ? I : never;

/** Every entry with a menu item is listed in a section: one that is not is named by the error. */
type AllListed<E, S> = [Exclude<keyof WithMenu<E>, Listed<S>>] extends [never]
  ? unknown
  : { [K in Exclude<keyof WithMenu<E>, Listed<S>> & string as `menu entry listed in no section: ${K}`]: true };

type CheckedSections<E, S, N extends Names> = {
  [K in keyof S]: { label: string; icon: N['icon']; items: readonly (keyof WithMenu<E> & string)[] };
} & AllListed<E, S>;

export function declaration<N extends Names>() {
  return {
    /**
     * Resources, checked. A ref may point at a resource declared here or in `known` (resources
     * declared elsewhere that these refer to).
     */
    resources<const R extends CheckedResources<R, R & K, N>, K extends Record<string, ResourceDef> = Record<never, never>>(
      defs: R,
      known?: K,
    ): R {
      void known;
      return defs;
    },
    /** Hand-written screens, checked. */
    pages<const P extends CheckedPages<P, N>>(defs: P): P {
      return defs;
    },
    /**
     * The menu: sections in the order they show, each listing the names of its entries (resources
     * and pages of `entries` that have a `menu`) in the order they show. Every such entry is listed.
     */
    sections<E extends Record<string, object>, const S extends CheckedSections<E, S, N>>(entries: E, sections: S): S {
      void entries;
      return sections;
    },
    /** Fields of a hand-written form (no resource of their own). */
    fields<const F extends Record<string, FieldDef>>(fields: F): F {
      return fields;
    },
  };
}

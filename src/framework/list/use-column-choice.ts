import { useCallback, useMemo, useState } from 'react';
import type { FieldDef } from '../declaration';
import { choiceOf, defaultColumns, visibleColumns } from './column-choice';
import { choosable } from './columns';
import { readColumnChoice, rememberColumnChoice } from './list-memory';

/**
 * A list's columns as chosen under 列设置: of the fields it may show (`fields`), those it shows now,
 * and `choose` to change them (remembered for the list in this browser).
 */
export function useColumnChoice(name: string, fields: [string, FieldDef][]) {
  const columns = useMemo(() => choosable(fields), [fields]);
  const [choice, setChoice] = useState(() => readColumnChoice(name));
  const visible = useMemo(() => visibleColumns(columns, choice), [columns, choice]);
  const shown = useMemo(() => fields.filter(([n]) => visible.includes(n)), [fields, visible]);
  const defaults = useMemo(() => defaultColumns(columns), [columns]);
  const choose = useCallback(
    (names: string[]) => {
      const next = choiceOf(columns, names);
      rememberColumnChoice(name, next);
      setChoice(next);
    },
    [name, columns],
  );
  return { shown, visible, defaults, choose };
}

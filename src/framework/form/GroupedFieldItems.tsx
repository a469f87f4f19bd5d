import { useState } from 'react';
import { Collapse, Typography } from 'antd';
import type { FieldDef } from '../declaration';
import type { FormGroup } from '../declaration/types';
import { FieldItems } from './FieldItems';
import { groupFields, groupsOf, openGroups, type FieldGroup } from './form-groups';
import './form-groups.css';

/**
 * A form's groups and which are open. The open ones are worked out once, from the first values there
 * are (a record being edited arrives later than the form); after that they are the user's, and an
 * error in a folded group opens it (`reveal`).
 */
export function useFormGroups(declared: readonly FormGroup[] | undefined, fields: [string, FieldDef][], values?: Record<string, unknown>) {
  const groups = groupFields(declared, fields);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [seen, setSeen] = useState(values);
  // The first values seen fix what starts open (a render-time update, not an effect: no folded flash).
  if (chosen === null && seen === undefined && values !== undefined) setSeen(values);
  const open = chosen ?? openGroups(groups, seen);
  return {
    groups,
    open,
    setOpen: setChosen,
    /** Opens the groups holding these fields. */
    reveal: (names: readonly string[]) => setChosen([...new Set([...open, ...groupsOf(groups, names)])]),
  };
}

/**
 * The fields of a form in titled, foldable groups (fields of no group come first, untitled). Folded
 * groups' inputs stay mounted, hidden, so their values are still part of the form and still checked.
 */
export function GroupedFieldItems({
  groups,
  open,
  onOpen,
  action,
  locked,
}: {
  groups: FieldGroup[];
  open: string[];
  onOpen(names: string[]): void;
  action: 'create' | 'edit';
  locked?: readonly string[];
}) {
  const loose = groups.find((g) => !g.title);
  const titled = groups.filter((g) => g.title);
  return (
    <>
      {loose && <FieldItems fields={loose.fields} action={action} locked={locked} />}
      {titled.length > 0 && (
        <Collapse
          className="fw-form-groups"
          activeKey={open}
          onChange={(keys) => onOpen(Array.isArray(keys) ? keys : [keys])}
          items={titled.map((g) => ({
            key: g.name,
            forceRender: true,
            label: g.title,
            extra: g.fold && !open.includes(g.name) ? <Typography.Text type="secondary">未使用，点开设置</Typography.Text> : undefined,
            children: <FieldItems fields={g.fields} action={action} locked={locked} />,
          }))}
        />
      )}
    </>
  );
}

import { Select } from 'antd';
import type { FieldInputProps } from '../../framework/registry';
import { COUNTRIES } from '../../../names/country-names';

/** Each country number once, named in Chinese with its number; searched by any of its names, its ISO code, prefix or number. */
const options = Object.entries(COUNTRIES).map(([n, [zh, en, , , iso, prefix]]) => ({
  value: Number(n),
  label: `${zh}（${n}）`,
  search: `${zh} ${en} ${iso} ${prefix} ${n}`.toLowerCase(),
}));

/**
 * A product's country chosen by name, with search; it stores the SMS-Activate country number as the
 * field always has. A field with no default may be emptied (sent as null: none).
 */
export default function CountrySelect({ field, value, onChange, id }: FieldInputProps & { id?: string }) {
  const optional = field.default === undefined;
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
      showSearch
      filterOption={(input, option) => Boolean(option?.search.includes(input.trim().toLowerCase()))}
      allowClear={optional}
      placeholder={optional ? '未选择' : '选择国家'}
      notFoundContent="没有这个国家"
      style={{ width: '100%', maxWidth: 320 }}
    />
  );
}

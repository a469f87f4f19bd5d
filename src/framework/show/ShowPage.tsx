import { useShow } from '@refinedev/core';
import { Button, Descriptions, Empty } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { ResourceDef } from '../declaration';
import { roleOf } from '../declaration';
import { FieldValue } from '../fields/FieldValue';
import { listUrl } from '../list/list-memory';
import { PageFrame } from '../page/PageFrame';
import { useNarrow } from '../use-narrow';
import { permits, useGrants, useRole } from '../use-role';
import '../framework.css';

/** Every readable field of one record, one per line: its label (never squeezed) beside its value. */
export default function ShowPage({ name, def }: { name: string; def: ResourceDef }) {
  const role = roleOf(useRole());
  useGrants();
  const narrow = useNarrow();
  const navigate = useNavigate();
  const { id } = useParams();
  const { result, query } = useShow({ resource: name, id });
  const fields = Object.entries(def.fields).filter(([, f]) => !f.writeOnly && (!f.supOnly || role === 'sup'));
  const edit = permits(def.access.edit, role) && result ? <Button onClick={() => navigate(`${def.route}/edit/${id}`)}>编辑</Button> : null;
  return (
    <PageFrame title={`${def.label}详情`} backTo={listUrl(name, def)} loading={query.isLoading} extra={edit}>
      {result ? (
        <Descriptions
          bordered
          column={1}
          size={narrow ? 'small' : 'middle'}
          styles={{ label: { width: narrow ? 96 : 160, whiteSpace: 'nowrap' } }}
        >
          {fields.map(([field, f]) => (
            <Descriptions.Item key={field} label={f.label}>
              <FieldValue field={f} value={result[field]} record={result} name={field} full />
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        !query.isLoading && <Empty description="记录不存在" />
      )}
    </PageFrame>
  );
}

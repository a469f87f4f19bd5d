import { ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Tooltip } from 'antd';
import { Link } from 'react-router';
import type { Crumb } from './use-shell-menu';

/** The wide header's reload button and breadcrumb (a phone has no room for them, and does not fetch them). */
export default function HeaderTrail({ crumbs, onReload }: { crumbs: Crumb[]; onReload(): void }) {
  return (
    <>
      <Tooltip title="刷新">
        <Button type="text" aria-label="刷新" icon={<ReloadOutlined />} onClick={onReload} />
      </Tooltip>
      <Breadcrumb
        className="shell-breadcrumb"
        data-testid="breadcrumb"
        items={crumbs.map((c) => ({ title: c.link ? <Link to={c.link}>{c.label}</Link> : c.label }))}
      />
    </>
  );
}

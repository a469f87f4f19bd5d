import { Alert, Button, Card, Col, Descriptions, Form, Row, Skeleton, Statistic, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { resellerSiteFields } from '../../../resources.config';
import { FieldItems, formFields } from '../../framework/form/FieldItems';
import { api } from '../../providers/http';
import { useFormSubmit } from '../../common/use-form-submit';
import { CopyButton } from '../../common/CopyButton';
import { formatMoney } from '../../common/money';
import ResellerCustomers from './ResellerCustomers';
import { useResellerSite } from './use-reseller-site';
import './reseller-site.css';

type Values = Record<string, unknown>;
const fields = formFields({ fields: resellerSiteFields });

/**
 * 我的分站 (a reseller's): its site (address, state, terms), its figures, the settings it may change
 * (name, markup, contact, notice), and its customers, read only but for moving money to them.
 */
export default function ResellerSitePage() {
  const { data: site, loading, refetch } = useResellerSite();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (site) form.setFieldsValue(Object.fromEntries(fields.map(([n]) => [n, site[n as keyof typeof site] ?? undefined])));
  }, [form, site]);
  const { saving, submit } = useFormSubmit(form, (values: Values) => api.post('/api/reseller/site/edit', values).then(refetch), '保存成功');

  if (loading || !site)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const figures: [string, number, string][] = [
    ['客户数', site.customers, 'customers'],
    ['客户消费', site.sales, 'sales'],
    ['待结算利润', site.profit_pending, 'pending'],
    ['已结算利润', site.profit_settled, 'settled'],
  ];
  return (
    <div className="reseller-site">
      {!site.enabled && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="分站已停用"
          description="您的域名暂时显示主站，客户按主站价格购买，不产生利润。请联系管理员。"
        />
      )}
      <Row gutter={[16, 16]}>
        {figures.map(([title, value, key]) => (
          <Col xs={12} lg={6} key={key}>
            <Card size="small" data-testid={`reseller-${key}`}>
              <Statistic title={title} value={key === 'customers' ? value : formatMoney(value)} valueStyle={{ fontSize: 22 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={10}>
          <Card size="small" title="我的站点">
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  label: '访问地址',
                  children: (
                    <span className="reseller-site-url">
                      <Typography.Link href={site.url} target="_blank" rel="noreferrer">
                        {site.url}
                      </Typography.Link>
                      <CopyButton text={site.url} label="复制地址" />
                    </span>
                  ),
                },
                { label: '加价比例', children: `${site.markup}%` },
                { label: '结算', children: site.settle_days ? `订单 ${site.settle_days} 天后利润转入余额` : '一分钟内转入余额' },
                { label: '已冲回利润', children: formatMoney(site.profit_reversed) },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              客户在您的域名注册后就是您的客户，按您的价格 × (1 + 加价比例) 购买（向上取整到分），或按您在“分站价格”里单独设置的售价。
            </Typography.Paragraph>
            <div className="reseller-site-links">
              <Link to="/reseller/price">
                <Button>分站价格</Button>
              </Link>
              <Link to="/reseller/profit">
                <Button>利润明细</Button>
              </Link>
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title="站点设置">
            <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
              <FieldItems fields={fields} action="edit" />
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <ResellerCustomers onMoved={refetch} />
    </div>
  );
}

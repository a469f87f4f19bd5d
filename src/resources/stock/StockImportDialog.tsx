import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { countLines, devices, importStock, stockProducts, type ImportRefusal, type ImportResult, type LineError } from './import-api';
import './stock.css';

interface Goods {
  id: number;
  title?: string;
  channel?: string;
}

/** The server's sentence, without the first bad line it quotes when the list below shows them all. */
const headline = (r: ImportRefusal) => (r.lines.length ? r.message.replace(/（第 \d+ 行[\s\S]*）$/, '') : r.message);

/** Bad lines as a list: number, why, and the line as written (unless the reason already quotes it). */
function BadLines({ lines }: { lines: LineError[] }) {
  return (
    <ul className="stock-import-lines">
      {lines.map((e) => (
        <li key={e.line}>
          第 {e.line} 行：{e.message}
          {e.text && !e.message.includes(e.text) ? (
            <>
              ，内容 <code>{e.text}</code>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Stock lines pasted or read from a .txt, sent as one batch. The server checks the whole batch first:
 * a refusal lists every bad line by number and nothing is written, unless 跳过错误行 is ticked: then
 * the good lines are imported and the bad ones listed. A success says how many were added, updated
 * and skipped (already sold).
 */
export default function StockImportDialog({ goods, onDone, onClose }: { goods?: Goods; onDone(): void; onClose(): void }) {
  const [products, setProducts] = useState<Goods[]>(goods?.title ? [goods] : []);
  const [goodsId, setGoodsId] = useState<number | undefined>(goods?.id);
  const [text, setText] = useState('');
  const [file, setFile] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [phones, setPhones] = useState<Array<{ id: number; name: string }>>([]);
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const [skipBad, setSkipBad] = useState(false);
  const fixed = Boolean(goods?.title);

  useEffect(() => {
    if (fixed) return;
    stockProducts().then(setProducts, () => undefined);
  }, [fixed]);

  const product = products.find((p) => p.id === goodsId);
  const lines = countLines(text);
  const mail = product?.channel === 'mail';

  useEffect(() => {
    if (product && !mail) devices().then(setPhones, () => undefined);
  }, [product, mail]);

  const send = async () => {
    if (!goodsId || !lines) return;
    setSending(true);
    setRefusal(null);
    try {
      const answer = await importStock(goodsId, text, mail ? undefined : deviceId, skipBad);
      if ('ok' in answer) {
        setResult(answer.ok);
        onDone();
      } else setRefusal(answer.refused);
    } catch {
      // A transport failure: the http client has said why.
    } finally {
      setSending(false);
    }
  };

  const readFile = async (f: File) => {
    setText(await f.text());
    setFile(f.name);
    setRefusal(null);
    return false;
  };

  const again = () => {
    setResult(null);
    setText('');
    setFile(null);
  };
  const footer = result
    ? [
        <Button key="again" onClick={again}>
          继续导入
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          完成
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={sending} disabled={!goodsId || !lines} onClick={send}>
          {lines ? `导入 ${lines} 行` : '导入'}
        </Button>,
      ];

  return (
    <Modal
      open
      title={product?.title ? `导入库存 - ${product.title}` : '导入库存'}
      onCancel={onClose}
      footer={footer}
      width={640}
      className="stock-import"
      destroyOnHidden
    >
      {result ? (
        <>
          <Alert
            type="success"
            showIcon
            message="导入完成"
            data-testid="import-result"
            description={`新增 ${result.added} 条，更新 ${result.updated} 条，跳过已售 ${result.skipped} 条`}
          />
          {result.bad.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 12 }}
              className="stock-import-errors"
              data-testid="import-bad"
              message={`跳过了 ${result.bad.length} 行错误内容，未导入`}
              description={<BadLines lines={result.bad} />}
            />
          )}
          {result.shared.count > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 12 }}
              data-testid="import-shared"
              message={`${result.shared.count} 个号码同时在其他商品中在售或使用，且匹配规则相同`}
              description={`商品：${result.shared.products.join('、')}；号码如 ${result.shared.numbers.join('、')}。发件人看不出服务时，这些号码的短信会进入收件箱（多个商品匹配）等待分配：请给商品设置发件人或关键词匹配。`}
            />
          )}
        </>
      ) : (
        <Form layout="vertical">
          {!fixed && (
            <Form.Item label="商品" required>
              <Select
                value={goodsId}
                onChange={setGoodsId}
                placeholder="选择商品"
                showSearch
                optionFilterProp="label"
                options={products.map((p) => ({ value: p.id, label: p.title ?? `#${p.id}` }))}
                aria-label="商品"
              />
            </Form.Item>
          )}
          {!mail && phones.length > 0 && (
            <Form.Item label="绑定设备" extra="选填：绑定后只有这台设备上报的短信能送达这些号码">
              <Select
                value={deviceId}
                onChange={setDeviceId}
                allowClear
                placeholder="不绑定"
                aria-label="绑定设备"
                options={phones.map((d) => ({ value: d.id, label: d.name }))}
              />
            </Form.Item>
          )}
          <Form.Item
            label="库存内容"
            required
            extra={mail ? '每行一个邮箱地址，可写成 邮箱----附加信息' : '每行一个号码（数字，可带开头的 +），可写成 号码----附加信息'}
          >
            <Input.TextArea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setFile(null);
                setRefusal(null);
              }}
              rows={8}
              placeholder={mail ? 'name@example.com----备注' : '+8613800138000----备注'}
              aria-label="库存内容"
              className="stock-import-text"
            />
          </Form.Item>
          <Form.Item extra="不勾选时，只要有一行不正确就整批不导入">
            <Checkbox className="stock-import-skip" checked={skipBad} onChange={(e) => setSkipBad(e.target.checked)}>
              跳过错误行（导入正确的行，列出错误的行）
            </Checkbox>
          </Form.Item>
          <Space wrap>
            <Upload accept=".txt,text/plain" showUploadList={false} beforeUpload={readFile}>
              <Button icon={<UploadOutlined />}>上传 .txt 文件</Button>
            </Upload>
            <Typography.Text type="secondary">
              {file ? `${file}，` : ''}共 {lines} 行
            </Typography.Text>
          </Space>
          {refusal && (
            <Alert
              type="error"
              showIcon
              className="stock-import-errors"
              message={headline(refusal)}
              data-testid="import-errors"
              description={refusal.lines.length > 0 && <BadLines lines={refusal.lines} />}
            />
          )}
        </Form>
      )}
    </Modal>
  );
}

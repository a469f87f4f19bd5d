import { Button, ConfigProvider, Steps } from 'antd';
import { Panel } from '../../framework/page/Panel';
import { Link, useNavigate } from 'react-router';
import { pages, resources } from '../../../resources.config';
import { API_KEY_PATH } from '../user-info/api-key-anchor';

/** Room for a sentence under each step; steps still ahead read as clearly as the current one. */
const STEPS_THEME = {
  components: {
    Steps: {
      descriptionMaxWidth: 280,
      waitTitleColor: 'rgba(0, 0, 0, 0.65)',
      waitDescriptionColor: 'rgba(0, 0, 0, 0.65)',
      finishDescriptionColor: 'rgba(0, 0, 0, 0.65)',
    },
  },
};

/**
 * The way from an empty account to a first code, in place of the figures: top up, buy in the store,
 * read the number and its code in 我的API (or, for scripts, take the 接口密钥). Topped up already (a balance, or a top-up ever), the store
 * is the current step.
 */
export default function FirstSteps({ toppedUp }: { toppedUp: boolean }) {
  const navigate = useNavigate();
  const step = (label: string, to: string, primary: boolean) => (
    <Button type={primary ? 'primary' : 'default'} onClick={() => navigate(to)} style={{ marginTop: 8 }}>
      {label}
    </Button>
  );
  return (
    <Panel title="开始使用" size="small" style={{ marginBottom: 16 }} data-testid="first-steps">
      <ConfigProvider theme={STEPS_THEME}>
        <Steps
          current={toppedUp ? 1 : 0}
          style={{ padding: '8px 4px' }}
          items={[
            {
              title: '充值',
              description: (
                <div>
                  为账户充值余额
                  <br />
                  {step('充值', pages.recharge.route, !toppedUp)}
                </div>
              ),
            },
            {
              title: '去商城',
              description: (
                <div>
                  选择商品，用余额购买号码
                  <br />
                  {step('去商城', pages.store.route, toppedUp)}
                </div>
              ),
            },
            {
              title: '查看验证码',
              description: (
                <div>
                  在“<Link to={resources.tokens.route}>我的API</Link>”里查看号码和验证码
                  <br />
                  用脚本接码：在“<Link to={API_KEY_PATH}>接口密钥</Link>”获取密钥
                </div>
              ),
            },
          ]}
        />
      </ConfigProvider>
    </Panel>
  );
}

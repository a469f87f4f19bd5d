import { Col, Row } from 'antd';
import { useAuthState } from '../../providers/use-auth-state';
import ApiKeyCard from './ApiKeyCard';
import WebhookCard from './WebhookCard';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';
import TotpCard from './TotpCard';
import LoginHistoryCard from './LoginHistoryCard';
import TelegramCard from './TelegramCard';

/** Edit own email and Telegram, change the password, and (customers) the API key for scripts. */
export default function UserInfoPage() {
  const { userInfo, type } = useAuthState();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <ProfileForm user={userInfo} />
        {userInfo && <TotpCard switched={Boolean(userInfo.manager)} />}
        {userInfo && <LoginHistoryCard />}
      </Col>
      <Col xs={24} lg={12}>
        <PasswordForm />
        {type !== 'sup' && userInfo && <ApiKeyCard switched={Boolean(userInfo.manager)} />}
        {type !== 'sup' && userInfo && <WebhookCard switched={Boolean(userInfo.manager)} />}
        {userInfo && <TelegramCard sup={type === 'sup'} />}
      </Col>
    </Row>
  );
}

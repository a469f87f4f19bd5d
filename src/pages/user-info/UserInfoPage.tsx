import { Col, Row } from 'antd';
import { useAuthState } from '../../providers/use-auth-state';
import ApiKeyCard from './ApiKeyCard';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';

/** Edit own email and Telegram, change the password, and (customers) the API key for scripts. */
export default function UserInfoPage() {
  const { userInfo, type } = useAuthState();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}><ProfileForm user={userInfo} /></Col>
      <Col xs={24} lg={12}>
        <PasswordForm />
        {type !== 'sup' && userInfo && <ApiKeyCard switched={Boolean(userInfo.manager)} />}
      </Col>
    </Row>
  );
}

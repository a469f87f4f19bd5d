import { Col, Row } from 'antd';
import { useAuthState } from '../../providers/use-auth-state';
import PasswordForm from './PasswordForm';
import ProfileForm from './ProfileForm';

/** Edit own email and Telegram, and change the password. */
export default function UserInfoPage() {
  const { userInfo } = useAuthState();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}><ProfileForm user={userInfo} /></Col>
      <Col xs={24} lg={12}><PasswordForm /></Col>
    </Row>
  );
}

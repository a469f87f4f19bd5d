import { Button } from 'antd';

/** A product's button on the public store: buying needs an account. */
export function LoginToBuy({ onClick }: { onClick?: () => void }) {
  return (
    <Button size="small" type="primary" ghost onClick={onClick}>
      登录后购买
    </Button>
  );
}

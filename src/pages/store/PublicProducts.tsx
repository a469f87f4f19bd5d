import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { rememberWantedPath } from '../../providers/wanted-path';
import { ProductGrid } from './ProductGrid';
import { useStoreProducts } from './use-store-products';
import './products.css';

/** The public store's products (list prices) with 登录后购买, which comes back to the console's store. */
export default function PublicProducts() {
  const products = useStoreProducts();
  const navigate = useNavigate();
  const login = () => {
    rememberWantedPath('/items/store');
    navigate('/login');
  };
  return <ProductGrid products={products} action={() => <Button type="primary" ghost onClick={login}>登录后购买</Button>} />;
}

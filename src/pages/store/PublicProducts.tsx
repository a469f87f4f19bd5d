import { useNavigate } from 'react-router';
import { rememberWantedPath } from '../../providers/wanted-path';
import type { StorePage } from './api';
import { LoginToBuy } from './LoginToBuy';
import { ProductGrid } from './ProductGrid';
import { useStoreProducts } from './use-store-products';

/**
 * The public store's products (list prices) with 登录后购买, which comes back to the console's store.
 * `first`: the products the server sent with the page, shown without loading them again.
 */
export default function PublicProducts({ first }: { first?: StorePage }) {
  const products = useStoreProducts('', first);
  const navigate = useNavigate();
  const login = () => {
    rememberWantedPath('/items/store');
    navigate('/login');
  };
  return <ProductGrid products={products} action={() => <LoginToBuy onClick={login} />} />;
}

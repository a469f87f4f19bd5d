import { useNavigate } from 'react-router';
import { rememberWantedPath } from '../../providers/wanted-path';
import type { StoreItem, StorePage } from './api';
import { buyAddress } from './buy-address';
import { LoginToBuy } from './LoginToBuy';
import { ProductList } from './ProductList';
import { useStoreProducts } from './use-store-products';

/**
 * The public store's products (list prices) with 登录后购买: logging in (or registering) comes back
 * to the console's store with that product's buy dialog open.
 * `first`: the products the server sent with the page, shown without loading them again.
 */
export default function PublicProducts({ first }: { first?: StorePage }) {
  const products = useStoreProducts(first);
  const navigate = useNavigate();
  const login = (item: StoreItem) => {
    rememberWantedPath(buyAddress(item.id));
    navigate('/login');
  };
  return <ProductList products={products} action={(item) => <LoginToBuy onClick={() => login(item)} />} />;
}

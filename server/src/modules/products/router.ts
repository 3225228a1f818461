import { router } from '../../trpc';
import { listMerch } from './list-merch';
import { listProducts } from './list-products';

// One file per procedure; the admin procedures (create, update, delete, image upload) go beside these.
export const productsRouter = router({
  list: listProducts,
  merch: listMerch,
});

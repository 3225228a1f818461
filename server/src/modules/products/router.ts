import { router } from '../../trpc';
import { listMerch } from './list-merch';
import { listProducts } from './list-products';

// One file per procedure; the admin procedures (create, update, delete) are in admin-router.ts.
export const productsRouter = router({
  list: listProducts,
  merch: listMerch,
});

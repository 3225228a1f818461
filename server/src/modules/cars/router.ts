import { router } from '../../trpc';
import { createCar } from './create-car';
import { carById, carBySlug } from './get-car';
import { listCars } from './list-cars';
import { ownerCars } from './owner-cars';
import { pageCars } from './page-cars';
import { searchCars } from './search-cars';
import { topCarsProcedure } from './top-cars';
import { updateCar } from './update-car';

// One file per procedure, composed here (tRPC path cars.<name>). The admin delete is in admin-router.ts.
export const carsRouter = router({
  list: listCars,
  page: pageCars,
  search: searchCars,
  top: topCarsProcedure,
  byId: carById,
  bySlug: carBySlug,
  create: createCar,
  update: updateCar,
  owned: ownerCars,
});

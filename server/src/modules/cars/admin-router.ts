import { router } from '../../trpc';
import { adminCarBySlug } from './admin-car';
import { deleteCar } from './delete-car';

/** Car management (admin). Featuring a car is part of PUT /api/cars/{id} (cars.update), which admins may also call. */
export const carsAdminRouter = router({
  bySlug: adminCarBySlug,
  delete: deleteCar,
});

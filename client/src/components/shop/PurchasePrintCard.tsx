// Placeholder until the shop lands: the car page renders this card with the photos the visitor ticked.
export interface PurchasePrintCardProps {
  carId: number;
  /** Ids of the car images ticked for print purchase. */
  selectedImageIds: number[];
  /** Called after every selected print was added, so the page can clear the selection. */
  onAdded: () => void;
}

export function PurchasePrintCard(_props: PurchasePrintCardProps) {
  return null;
}

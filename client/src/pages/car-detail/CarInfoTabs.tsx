import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import type { Car } from '@curbside/shared';
import { Table, Tabs, Text } from '@mantine/core';
import { useIslands } from '../../islands/context';

const capitalise = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
const specValue = (value: string | number | boolean) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** Car Story and Specifications (make, model, year, overview, then every additional spec). */
export function CarInfoTabs({ car }: { car: Car }) {
  const rows: [string, string][] = [
    ['Make', car.make],
    ['Model', car.model],
    ['Year', String(car.year)],
    ...(car.specs ? ([['Overview', car.specs]] as [string, string][]) : []),
    ...Object.entries(car.additionalSpecs).map(
      ([key, value]) => [capitalise(key), specValue(value)] as [string, string],
    ),
  ];
  // On an islands page both panels are in the server's markup, the inactive one hidden (islands/tabs.ts).
  const islands = useIslands();
  return (
    <Tabs
      defaultValue="story"
      keepMounted={islands}
      keepMountedMode="display-none"
      data-island={islands ? 'tabs' : undefined}
    >
      <Tabs.List>
        <Tabs.Tab value="story" data-island-action="tab">
          Car Story
        </Tabs.Tab>
        <Tabs.Tab value="specs" data-island-action="tab">
          Specifications
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="story" pt="md">
        <Text style={{ whiteSpace: 'pre-line' }}>{car.story || 'The owner has not told this car’s story yet.'}</Text>
      </Tabs.Panel>
      <Tabs.Panel value="specs" pt="md">
        <Table>
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th w="35%">{name}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-line' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Tabs.Panel>
    </Tabs>
  );
}

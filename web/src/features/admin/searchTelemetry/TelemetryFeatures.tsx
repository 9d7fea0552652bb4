import { Group, Progress, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../../components/table/ColumnHeads';
import type { SearchTelemetryFeature } from './searchTelemetryApi';
import { featureName, useTelemetryFormat } from './telemetryFormat';

/**
 * The searches of each feature (event search, motion search, timeline, or a feature the portal does not know, named
 * as the server names it), most first as the server lists them, with their share of all searches.
 */
export function TelemetryFeatures({ features }: { features: SearchTelemetryFeature[] }) {
  const { t, i18n } = useTranslation('searchTelemetry');
  const format = useTelemetryFormat();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const total = features.reduce((sum, feature) => sum + feature.searches, 0);
  const titles = [t('column-feature'), t('column-searches'), t('column-share')];
  return (
    <Table verticalSpacing="xs" aria-label={t('by-feature')}>
      <ColumnHeads titles={titles} />
      <Table.Tbody>
        {features.map((feature) => {
          const share = total > 0 ? feature.searches / total : 0;
          return (
            <Table.Tr key={feature.feature} data-testid="telemetry-feature-row">
              <Table.Td>{featureName(feature.feature, t)}</Table.Td>
              <Table.Td>{format.count(feature.searches)}</Table.Td>
              <Table.Td w="40%">
                <Group gap="xs" wrap="nowrap">
                  <Progress value={share * 100} size="sm" style={{ flex: 1 }} aria-hidden />
                  <Text size="sm" miw={40} ta="right">
                    {percent.format(share)}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

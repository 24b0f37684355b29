import { Stack, Title } from '@mantine/core';
import { DelayProfilesSection } from './DelayProfilesSection';
import { MetadataProfilesSection } from './MetadataProfilesSection';
import { QualityProfilesSection } from './QualityProfilesSection';
import { ReleaseProfilesSection } from './ReleaseProfilesSection';

/** Settings → Profiles: quality, metadata, delay and release profiles (Readarr's page). */
export default function ProfilesPage() {
  return (
    <Stack>
      <Title order={2}>Profiles</Title>
      <QualityProfilesSection />
      <MetadataProfilesSection />
      <DelayProfilesSection />
      <ReleaseProfilesSection />
    </Stack>
  );
}

import { PagePlaceholder } from '../components/PagePlaceholder';

// Placeholder: period selector and the ranking table (spec part 1 §2 Leaderboard).
export default function LeaderboardPage() {
  return (
    <PagePlaceholder
      title="Voting Leaderboard"
      description="The cars with the most votes this month and of all time."
    />
  );
}

import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../ui/page-header";
import { MeetingFilters } from "./meeting-filters";
import { UploadModal } from "./upload-modal";
import { type MeetingFilterValues, useMeetingFilters } from "./use-meeting-filters";

/**
 * A page of meetings (the dashboard, /meetings): its title, the Upload Audio button and dialog, the client and date
 * filters (kept in the address), then what the page shows for the filters chosen.
 */
export function MeetingsFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: (filters: MeetingFilterValues) => ReactNode;
}) {
  const [uploadOpen, setUploadOpen] = useState(false);
  const [{ clientId, date }, setFilters] = useMeetingFilters();
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actionLabel="Upload Audio"
        onAction={() => setUploadOpen(true)}
        secondary={
          <Link to="/record" className="btn-secondary">
            Record meeting
          </Link>
        }
      />
      <MeetingFilters
        clientId={clientId}
        date={date}
        onClientChange={(next) => setFilters({ clientId: next })}
        onDateChange={(next) => setFilters({ date: next })}
      />
      {children({ clientId, date })}
      <UploadModal open={uploadOpen} onOpenChange={setUploadOpen} />
    </div>
  );
}

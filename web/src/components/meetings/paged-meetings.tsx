import type { MeetingListItem } from "@cm/api/models";
import { type ReactNode, useState } from "react";
import useSWR from "swr";
import { cursorAfter, MEETING_PAGE_SIZE } from "../../lib/meeting-keys";

interface PagedMeetingsProps {
  /** The list's query without a cursor, e.g. `/api/meetings?clientId=3&limit=50`. */
  firstKey: string;
  pageSize?: number;
  /** Renders one page's meetings; pages are shown one after the other. */
  renderPage: (meetings: MeetingListItem[]) => ReactNode;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  loading: ReactNode;
}

/**
 * A meeting list read page by page (newest first) with a "Load more" button. Each page is its own SWR
 * key, so revalidating the lists after an upload or a delete refreshes every page shown.
 */
export function PagedMeetings({ firstKey, pageSize = MEETING_PAGE_SIZE, ...render }: PagedMeetingsProps) {
  const [pages, setPages] = useState(1);
  return (
    <MeetingPage
      pageKey={firstKey}
      firstKey={firstKey}
      index={0}
      pages={pages}
      pageSize={pageSize}
      onLoadMore={() => setPages((n) => n + 1)}
      {...render}
    />
  );
}

function MeetingPage(
  props: Omit<PagedMeetingsProps, "pageSize"> & {
    pageKey: string;
    index: number;
    pages: number;
    pageSize: number;
    onLoadMore: () => void;
  },
) {
  const { data, error, isLoading } = useSWR<MeetingListItem[]>(props.pageKey, { keepPreviousData: true });
  if (!data) {
    if (error)
      return <p className="p-4 text-sm text-red-600 dark:text-red-400">Could not load meetings. Please try again.</p>;
    return isLoading || props.index > 0 ? props.loading : null;
  }
  if (props.index === 0 && data.length === 0) return props.empty;
  const last = data[data.length - 1];
  const full = data.length >= props.pageSize && last;
  const separator = props.firstKey.includes("?") ? "&" : "?";
  return (
    <>
      {props.renderPage(data)}
      {full && props.index + 1 < props.pages ? (
        <MeetingPage
          {...props}
          pageKey={`${props.firstKey}${separator}cursor=${encodeURIComponent(cursorAfter(last))}`}
          index={props.index + 1}
        />
      ) : full ? (
        <div className="p-3 text-center">
          <button type="button" className="btn-secondary" onClick={props.onLoadMore}>
            Load more
          </button>
        </div>
      ) : null}
    </>
  );
}

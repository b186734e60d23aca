import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from "date-fns";

/** A month grid (weeks start on Sunday) with a dot under days that have meetings. */
export function MonthCalendar({
  month,
  selected,
  daysWithMeetings,
  onSelect,
  onMonthChange,
}: {
  month: Date;
  selected: Date;
  daysWithMeetings: Set<string>;
  onSelect: (day: Date) => void;
  onMonthChange: (month: Date) => void;
}) {
  const start = startOfWeek(startOfMonth(month), { weekStartsOn: 0 });
  const end = endOfWeek(endOfMonth(month), { weekStartsOn: 0 });
  const days: Date[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  const today = new Date();
  return (
    <div className="card p-4">
      <div className="mb-3 flex items-center justify-between">
        <button
          type="button"
          className="btn-secondary px-3"
          aria-label="Previous month"
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          ‹
        </button>
        <h2 className="font-semibold" aria-live="polite">
          {format(month, "MMMM yyyy")}
        </h2>
        <button
          type="button"
          className="btn-secondary px-3"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-500 dark:text-slate-400">
        {["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"].map((d) => (
          <div key={d}>{d}</div>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1">
        {days.map((day) => {
          const key = format(day, "yyyy-MM-dd");
          const isSelected = isSameDay(day, selected);
          return (
            <button
              key={key}
              type="button"
              onClick={() => onSelect(day)}
              aria-pressed={isSelected}
              aria-label={format(day, "MMMM d, yyyy") + (daysWithMeetings.has(key) ? ", has meetings" : "")}
              className={`relative flex h-10 flex-col items-center justify-center rounded-lg text-sm ${
                isSelected
                  ? "bg-indigo-600 text-white"
                  : isSameDay(day, today)
                    ? "font-semibold text-indigo-600 dark:text-indigo-400"
                    : ""
              } ${isSameMonth(day, month) ? "" : "text-slate-500 dark:text-slate-400"} ${isSelected ? "" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
            >
              {format(day, "d")}
              {daysWithMeetings.has(key) ? (
                <span
                  className={`absolute bottom-1 h-1.5 w-1.5 rounded-full ${isSelected ? "bg-white" : "bg-indigo-500"}`}
                />
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

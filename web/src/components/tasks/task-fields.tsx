import { TextField } from "../ui/text-field";

export interface TaskValues {
  task: string;
  assignee: string;
  /** yyyy-MM-dd, or "" for none. */
  dueDate: string;
}

/** The task's text, assignee and due date, as adding and editing a task both ask for them. */
export function TaskFields({
  id,
  values,
  taskError,
  onChange,
}: {
  id: string;
  values: TaskValues;
  taskError?: string | undefined;
  onChange: (values: TaskValues) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        id={`${id}-task`}
        className="sm:col-span-2"
        label="Task"
        placeholder="E.g. Send the signed forms to the custodian"
        maxLength={1000}
        value={values.task}
        onChange={(task) => onChange({ ...values, task })}
        error={taskError}
      />
      <TextField
        id={`${id}-assignee`}
        label="Assignee"
        placeholder="Who does it"
        maxLength={200}
        value={values.assignee}
        onChange={(assignee) => onChange({ ...values, assignee })}
      />
      <TextField
        id={`${id}-due`}
        label="Due date"
        type="date"
        value={values.dueDate}
        onChange={(dueDate) => onChange({ ...values, dueDate })}
      />
    </div>
  );
}

/**
 * The signed-in user's Academy progress: the query, and marking a lesson done or not done. The
 * check shows at once (optimistic) and comes back if the server refuses, with a toast saying why.
 */
import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AcademyProgress, CourseId } from "../../../domain/academy/courses";
import { errorText } from "../../lib/error-text";
import { toast } from "../../ui/toast";
import { academyKeys, academyQueries, putLessonDone } from "./academy-api";
import { withLesson } from "./course-progress";

interface LessonChange {
  courseId: CourseId;
  lessonId: string;
  done: boolean;
}

export function useAcademyProgress() {
  const { t } = useLingui();
  const client = useQueryClient();
  const query = useQuery(academyQueries.progress());
  const mutation = useMutation({
    mutationFn: ({ courseId, lessonId, done }: LessonChange) => putLessonDone(courseId, lessonId, done),
    onMutate: async ({ courseId, lessonId, done }) => {
      await client.cancelQueries({ queryKey: academyKeys.progress() });
      const before = client.getQueryData<AcademyProgress>(academyKeys.progress());
      client.setQueryData<AcademyProgress>(academyKeys.progress(), (old) => ({
        done: withLesson(old?.done ?? [], courseId, lessonId, done),
      }));
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) client.setQueryData(academyKeys.progress(), context.before);
      toast.error(t`Your progress was not saved: ${errorText(error)}`);
    },
    onSuccess: (progress) => client.setQueryData(academyKeys.progress(), progress),
  });
  return {
    done: query.data?.done ?? [],
    isPending: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
    setLessonDone: (change: LessonChange) => mutation.mutate(change),
  };
}

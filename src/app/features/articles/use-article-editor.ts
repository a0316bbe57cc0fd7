import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import {
  type ArticleInput,
  SLUG_PATTERN,
  type StaffArticle,
  slugify,
} from "../../../domain/articles/article";
import { articleKeys, createArticle, previewArticle, saveArticle } from "./articles-api";

const EMPTY: ArticleInput = {
  title: "",
  slug: "",
  summary: "",
  bodyMd: "",
  coverImage: null,
  tags: [],
  author: "",
};
const slugRule = new RegExp(SLUG_PATTERN);

/** "RPIE, penalties," → ["RPIE", "penalties", ""]: empty ones are dropped when saved, so typing a comma works. */
export const splitTags = (text: string) =>
  text
    .split(",")
    .map((t) => t.trimStart())
    .slice(0, 10);

const inputOf = (a: StaffArticle): ArticleInput => ({
  title: a.title,
  slug: a.slug,
  summary: a.summary,
  bodyMd: a.bodyMd,
  coverImage: a.coverImage,
  tags: a.tags,
  author: a.author,
});

/**
 * The article editor's state: the front matter and Markdown form (a new article's slug follows its
 * title until staff edit the slug), the server's sanitised preview of the body (debounced), and
 * saving (create or update). `messages` are the validation texts, translated by the page.
 */
export function useArticleEditor(
  article: StaffArticle | null,
  messages: { title: string; slug: string; cover: string },
  onSaved: (saved: StaffArticle) => void,
) {
  const queryClient = useQueryClient();
  const slugTouched = useRef(article !== null);
  const form = useForm<ArticleInput>({
    initialValues: article ? inputOf(article) : EMPTY,
    validate: {
      title: (v) => (v.trim() ? null : messages.title),
      slug: (v) => (slugRule.test(v) ? null : messages.slug),
      coverImage: (v) => (!v || /^(\/[\w.~/-]+|https:\/\/\S+)$/.test(v) ? null : messages.cover),
    },
    onValuesChange: (values, previous) => {
      if (!slugTouched.current && values.title !== previous.title)
        form.setFieldValue("slug", slugify(values.title));
    },
  });
  const [body] = useDebouncedValue(form.values.bodyMd, 400);
  const preview = useQuery({
    queryKey: articleKeys.preview(body),
    queryFn: ({ signal }) => previewArticle(body, signal),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (input: ArticleInput) => (article ? saveArticle(article.id, input) : createArticle(input)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: articleKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["server-list"] });
      onSaved(saved);
    },
  });
  return {
    form,
    preview,
    save,
    touchSlug: () => {
      slugTouched.current = true;
    },
    submit: form.onSubmit((values) =>
      save.mutate({
        ...values,
        tags: values.tags.map((t) => t.trim()).filter(Boolean),
        coverImage: values.coverImage?.trim() ? values.coverImage.trim() : null,
      }),
    ),
  };
}

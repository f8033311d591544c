"""The administration of training: staff set the exam templates (their terms are never the examinee's:
pass mark, duration, sections, retakes, questions demanded from the exam-only pool), and see the
sittings. The group of trusted reviewers (« relecteurs », :attr:`Exercise.REVIEWERS_GROUP`) is made and
filled here, in the users' groups."""

from django.contrib import admin

from .models import Exam, ExamTemplate


@admin.register(ExamTemplate)
class ExamTemplateAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "slug",
        "active",
        "per_section",
        "seconds_per_question",
        "pass_mark",
        "max_attempts",
        "retake_after_hours",
        "min_exam_only",
        "position",
    )
    list_editable = ("active", "position")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Exam)
class ExamAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "started", "deadline", "finished", "released")
    list_filter = ("template", "released")
    readonly_fields = [f.name for f in Exam._meta.fields]

    def has_add_permission(self, request):  # a sitting is started by its examinee, never made here
        return False

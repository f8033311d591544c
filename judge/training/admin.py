"""The administration of training: staff set the exam templates (their terms are never the examinee's),
and see the sittings."""

from django.contrib import admin

from .models import Exam, ExamTemplate


@admin.register(ExamTemplate)
class ExamTemplateAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "active", "per_section", "seconds_per_question", "pass_mark", "position")
    list_editable = ("active", "position")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Exam)
class ExamAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "started", "deadline", "finished", "released")
    list_filter = ("template", "released")
    readonly_fields = [f.name for f in Exam._meta.fields]

    def has_add_permission(self, request):  # a sitting is started by its examinee, never made here
        return False

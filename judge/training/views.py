"""Pages of the training mode: the trainee's page (series by theme and difficulty, progress) and the
author's form that turns a scenario's step into an exercise.

The series itself runs in the browser (``static/arbitre/training.js``) against the training API; these
views hand it the themes and the progress so far.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from judge.guard.budget import Budget, BudgetExceeded
from judge.scenarios.models import Scenario
from judge.scenarios.views import editable

from .models import ExamTemplate, Exercise
from .questions import ExerciseError, section_label
from .series import MAX_SERIES, SERIES_SIZES, progress_for

DIFFICULTIES = [(1, "Facile"), (2, "Moyen"), (3, "Difficile")]


def _page(request, single: Exercise | None = None):
    return render(
        request,
        "judge/training.html",
        {
            "themes": Exercise.objects.visible_to(request.user).published().themes(),
            "levels": Exercise.Level.choices,
            "exam_sections": _exam_sections(request.user),
            "exam_templates": _exam_templates(),
            "sizes": SERIES_SIZES,
            "progress": progress_for(request),
            "single": single,
            "can_review": bool(single and single.may_review(request.user)),
            "can_publish": bool(single and single.may_publish(request.user)),
            "stats": single.statistics() if single and single.can_edit(request.user) else None,
            "initial": {
                "exercise": str(single.uuid) if single else None,
                "ruleset": settings.ARBITRE_DEFAULT_RULESET,
                "authenticated": request.user.is_authenticated,
                "max": MAX_SERIES,
            },
        },
    )


def _exam_templates() -> list[dict]:
    """The exams staff opened, with their terms in words (the examinee chooses none of them)."""
    out = []
    ExamTemplate.default()  # the site's own when staff set none
    for t in ExamTemplate.objects.filter(active=True):
        sections = ", ".join(t.sections) if t.sections else "toutes les sections que la banque remplit"
        out.append(
            {
                "slug": t.slug,
                "name": t.name,
                "terms": f"{t.per_section} question(s) par section ({sections}), {t.seconds_per_question} s par "
                f"question, réussi à {round(100 * t.pass_mark)} %"
                + (f", {t.max_attempts} passage(s) au plus" if t.max_attempts else "")
                + (f", {t.retake_after_hours} h entre deux passages" if t.retake_after_hours else ""),
            }
        )
    return out


def _exam_sections(user) -> list[dict]:
    """The sections an exam can draw from (published exercises whose answer rests on the rules' text)."""
    from .exams import exam_pool

    rows: dict[str, set] = {}
    for section, scenario in exam_pool(user).values_list("section", "scenario_id"):
        rows.setdefault(section, set()).add(scenario)
    return [{"key": s, "label": section_label(s), "scenarios": len(v)} for s, v in sorted(rows.items()) if s]


def home(request):
    return _page(request)


def exercise(request, uuid):
    """One exercise on its own (the address an author shares, or the preview after creating one)."""
    return _page(request, get_object_or_404(Exercise.objects.readable_by(request.user), uuid=uuid))


@login_required
@require_POST
def review(request, uuid):
    """Move the exercise along draft → reviewed → published (see :meth:`Exercise.review_by`)."""
    exercise = get_object_or_404(Exercise.objects.readable_by(request.user), uuid=uuid)
    try:
        exercise.review_by(request.user, request.POST.get("status", ""))
    except PermissionError as exc:
        return HttpResponseForbidden(str(exc))
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Exercice : {exercise.get_status_display().lower()}.")
    return redirect("training:exercise", uuid=exercise.uuid)


class ExerciseForm(forms.ModelForm):
    class Meta:
        model = Exercise
        fields = ["steps", "kind", "focus", "chosen_rule", "level", "author_difficulty", "explanation"]
        labels = {
            "steps": "Étape où le déroulé s'arrête",
            "kind": "Question",
            "focus": "Carte concernée (id)",
            "chosen_rule": "Règle visée (facultatif)",
            "level": "Niveau (ce qu'un arbitre doit savoir)",
            "author_difficulty": "Difficulté (facultatif)",
            "explanation": "Explication montrée après la réponse",
        }
        help_texts = {
            "steps": "Le nombre d'étapes déjà jouées, comme « Étape N » dans le déroulé pas à pas.",
            "focus": "Pour « Où va cette carte ? » : l'id de la carte, par ex. a1 ; pour « Combien ? » : la zone, par ex. A.reserve.",
            "level": "L1 : bases ; L2 : statuts, jetons, cartes jouées ; L3 : réactions, départages, 2v2 ; cas limite.",
            "chosen_rule": "Une des règles que le moteur cite à l'étape suivante ; vide : la première.",
            "author_difficulty": "1 à 3 ; vide : déduite du nombre d'entrées du journal.",
        }
        widgets = {"explanation": forms.Textarea(attrs={"rows": 4})}

    def __init__(self, *args, scenario: Scenario, **kwargs):
        super().__init__(*args, **kwargs)
        self.scenario = scenario
        self.fields["author_difficulty"].widget = forms.Select(choices=[("", "Automatique"), *DIFFICULTIES])
        self.fields["level"].required = False

    def clean_level(self):
        return self.cleaned_data.get("level") or Exercise.Level.L1

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        self.instance.scenario = self.scenario
        for name in self._meta.fields:
            setattr(self.instance, name, data.get(name))
        try:
            with Budget().hard_stop():  # the engine computes the question under the request's budget
                self.instance.rebuild()
        except ExerciseError as exc:
            raise forms.ValidationError(f"Le moteur ne peut pas poser cette question : {exc}.") from None
        except BudgetExceeded as exc:  # the budget's refusal (time, steps, engine busy), in its own words
            raise forms.ValidationError(str(exc)) from None
        return data


@login_required
def new(request, uuid):
    """The scenario's author marks a step of it as an exercise; the engine computes the question."""
    scenario = editable(request, uuid, "Seul l'auteur de ce scénario (ou l'équipe) peut en faire un exercice.")
    # "En faire un exercice" in the stepper links here with ?etape=N: the form starts from that step.
    try:
        step = max(0, int(request.GET.get("etape", 0)))
    except ValueError:
        step = 0
    initial = {"steps": step, "kind": Exercise.Kind.CARD_ZONE}
    form = ExerciseForm(
        request.POST or None,
        initial=initial,
        scenario=scenario,
        instance=Exercise(scenario=scenario, author=request.user),
    )
    if request.method == "POST" and form.is_valid():
        exercise = form.save()
        return redirect("training:exercise", uuid=exercise.uuid)
    return render(
        request,
        "judge/training_new.html",
        {
            "scenario": scenario,
            "form": form,
            "exercises": scenario.exercises.order_by("steps", "id"),
            "step": step,
        },
    )

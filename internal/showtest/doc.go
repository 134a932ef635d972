// Package showtest holds a test helper shared by the display packages of
// kernel-ext: the check that a view run at settings other than a paper's
// claims nothing and says so (issue "notebooks you can work through").
//
// AtYourSettings(t, what, view, params, apply, notApplicable) checks a
// show.View run away from a paper's settings: no figure claims a paper
// figure and every caption ends in show.YourSettings, the figures' Params
// are the values run, the checks that apply at any settings are shown, and
// the others are replaced by their "not applicable at your settings" line
// with its reason.
package showtest

package world

import (
	"strings"
)

// businessLines are what a company of an industry names as its
// specialities: the lines of business it sells, never its employees'
// skills. An industry takes the lines of the first entry with a word it
// holds; one that none matches lists the parts of its own name.
var businessLines = []struct {
	words []string
	lines []string
}{
	{[]string{"Hospital &", "Medical Practice", "Mental Health"}, []string{"Primary Care", "Emergency Medicine", "Outpatient Services",
		"Diagnostic Imaging", "Surgery", "Rehabilitation", "Maternity Care", "Laboratory Services", "Telehealth", "Home Care"}},
	{[]string{"Health, Wellness", "Alternative Medicine"}, []string{"Personal Training", "Physiotherapy", "Nutrition Coaching",
		"Yoga", "Group Classes", "Massage Therapy", "Corporate Wellness"}},
	{[]string{"Pharma", "Biotech"}, []string{"Drug Discovery", "Clinical Trials", "Oncology", "Vaccines", "Biologics",
		"Generic Medicines", "Contract Manufacturing", "Regulatory Affairs"}},
	{[]string{"Medical Devices"}, []string{"Diagnostic Equipment", "Orthopaedic Implants", "Patient Monitoring", "Surgical Instruments", "Wound Care"}},
	{[]string{"Computer & Network Security"}, []string{"Penetration Testing", "Managed Security Services", "Incident Response",
		"Identity and Access Management", "Security Audits", "Endpoint Protection"}},
	{[]string{"Software", "Internet", "Information Technology", "Computer Networking", "Information Services", "Online Media"},
		[]string{"Custom Software Development", "Cloud Migration", "Managed IT Services", "SaaS", "Mobile Apps", "Web Development",
			"Data Analytics", "IT Consulting", "System Integration", "E-commerce Platforms", "Cybersecurity"}},
	{[]string{"Computer Hardware", "Semiconductors", "Consumer Electronics", "Electrical/Electronic"}, []string{"Printed Circuit Boards",
		"Embedded Systems", "Chip Design", "Power Electronics", "Sensors", "Contract Electronics Manufacturing"}},
	{[]string{"Telecom", "Wireless"}, []string{"Mobile Networks", "Fibre Broadband", "Enterprise Connectivity", "VoIP", "Data Centres", "IoT Connectivity"}},
	{[]string{"Computer Games"}, []string{"Mobile Games", "Console Games", "Game Art", "Live Operations", "Porting"}},
	{[]string{"Banking", "Investment Banking"}, []string{"Retail Banking", "Corporate Lending", "Mortgages", "Trade Finance",
		"Wealth Management", "Mergers and Acquisitions", "Payments"}},
	{[]string{"Financial Services", "Capital Markets", "Investment Management", "Venture Capital"}, []string{"Asset Management",
		"Private Equity", "Wealth Management", "Financial Planning", "Pension Funds", "Brokerage", "Fund Administration"}},
	{[]string{"Insurance"}, []string{"Life Insurance", "Property and Casualty", "Health Insurance", "Reinsurance", "Claims Management", "Commercial Insurance"}},
	{[]string{"Accounting"}, []string{"Audit", "Tax Advisory", "Bookkeeping", "Payroll Services", "Business Advisory", "Forensic Accounting"}},
	{[]string{"Law Practice", "Legal Services", "Alternative Dispute"}, []string{"Corporate Law", "Employment Law", "Litigation",
		"Real Estate Law", "Intellectual Property", "Family Law", "Mediation", "Immigration Law"}},
	{[]string{"Management Consulting", "Program Development"}, []string{"Strategy Consulting", "Operations Improvement",
		"Change Management", "Digital Transformation", "Due Diligence", "Organisational Design"}},
	{[]string{"Staffing", "Human Resources", "Outsourcing"}, []string{"Permanent Recruitment", "Temporary Staffing",
		"Executive Search", "Payroll Outsourcing", "HR Consulting", "Recruitment Process Outsourcing"}},
	{[]string{"Marketing", "Public Relations", "Market Research"}, []string{"Brand Strategy", "Digital Marketing", "Media Buying",
		"Content Production", "Public Relations", "Market Research", "Social Media Management", "Events"}},
	{[]string{"Construction", "Civil Engineering", "Building Materials", "Architecture"}, []string{"Residential Construction",
		"Commercial Construction", "Infrastructure", "Renovation", "Project Management", "Design and Build", "Facade Systems"}},
	{[]string{"Real Estate"}, []string{"Property Management", "Residential Sales", "Commercial Leasing", "Property Valuation", "Real Estate Development"}},
	{[]string{"Automotive"}, []string{"Vehicle Sales", "Aftersales Service", "Spare Parts", "Fleet Services", "Automotive Components"}},
	{[]string{"Logistics", "Transportation", "Package/Freight", "Warehousing", "Maritime", "Import"}, []string{"Freight Forwarding",
		"Road Transport", "Warehousing", "Customs Clearance", "Last-Mile Delivery", "Sea Freight", "Air Freight", "Contract Logistics"}},
	{[]string{"Airlines", "Aviation"}, []string{"Passenger Flights", "Air Cargo", "Charter Flights", "Aircraft Maintenance", "Ground Handling"}},
	{[]string{"Oil & Energy", "Utilities", "Renewables"}, []string{"Solar Power", "Wind Power", "Power Distribution", "Energy Trading",
		"Energy Efficiency", "Gas Supply", "EV Charging"}},
	{[]string{"Retail", "Supermarkets", "Wholesale"}, []string{"Grocery", "Online Shop", "Home and Garden", "Private Label", "Click and Collect", "Wholesale Distribution"}},
	{[]string{"Food", "Dairy", "Wine", "Farming", "Ranching", "Fishery"}, []string{"Dairy Products", "Bakery", "Fresh Produce",
		"Private Label Manufacturing", "Organic Products", "Export", "Food Service Supply"}},
	{[]string{"Restaurants", "Hospitality"}, []string{"Fine Dining", "Catering", "Hotel Accommodation", "Conference Venues", "Room Service", "Takeaway"}},
	{[]string{"Leisure, Travel", "Events", "Recreational"}, []string{"Tour Packages", "Corporate Travel", "Event Management", "Destination Weddings", "Group Tours"}},
	{[]string{"Higher Education", "Primary/Secondary", "Education Management", "E-Learning", "Professional Training"}, []string{"Undergraduate Programmes",
		"Continuing Education", "Online Courses", "Corporate Training", "Language Courses", "Exam Preparation"}},
	{[]string{"Machinery", "Mechanical", "Industrial Automation", "Manufactur", "Plastics", "Chemicals", "Mining", "Glass", "Textiles", "Paper"},
		[]string{"Contract Manufacturing", "Precision Machining", "Industrial Automation", "Injection Moulding", "Custom Fabrication",
			"Quality Testing", "Spare Parts"}},
	{[]string{"Media", "Broadcast", "Motion Pictures", "Entertainment", "Music", "Animation", "Publishing", "Newspapers"}, []string{"Video Production",
		"Post-production", "Podcasts", "Documentaries", "Book Publishing", "Licensing", "Live Events"}},
	{[]string{"Research", "Think Tanks"}, []string{"Contract Research", "Feasibility Studies", "Laboratory Testing", "Policy Studies", "Surveys", "Grant-Funded Research"}},
	{[]string{"Photography"}, []string{"Wedding Photography", "Product Photography", "Portraits", "Event Photography", "Photo Retouching"}},
	{[]string{"Graphic Design", "Design"}, []string{"Brand Identity", "Packaging Design", "Interior Design", "Web Design", "Signage", "Exhibition Design"}},
	{[]string{"Translation"}, []string{"Document Translation", "Interpreting", "Localisation", "Subtitling", "Certified Translation"}},
	{[]string{"Printing"}, []string{"Offset Printing", "Digital Printing", "Large-Format Printing", "Packaging Print", "Print Finishing"}},
	{[]string{"Security and Investigations"}, []string{"Manned Guarding", "Alarm Monitoring", "Private Investigations", "Event Security", "Cash Logistics"}},
	{[]string{"Veterinary"}, []string{"Companion Animal Care", "Equine Practice", "Farm Animal Services", "Pet Surgery", "Vaccinations"}},
	{[]string{"Sports", "Sporting"}, []string{"Sports Coaching", "Team Kits", "Sports Events", "Club Memberships", "Fitness Equipment"}},
	{[]string{"Facilities", "Environmental Services"}, []string{"Cleaning Services", "Waste Management", "Building Maintenance", "Recycling", "Pest Control"}},
	{[]string{"Non-Profit", "Philanthropy", "Civic", "Fund-Raising"}, []string{"Community Programmes", "Grant Making", "Advocacy", "Volunteering", "Fundraising"}},
	{[]string{"Government Relations"}, []string{"Public Affairs", "Lobbying", "Regulatory Affairs", "Policy Analysis",
		"Stakeholder Engagement"}},
}

// businessLinesOf returns the lines of business of an industry.
func businessLinesOf(industry string) []string {
	for _, b := range businessLines {
		for _, w := range b.words {
			if strings.Contains(industry, w) {
				return b.lines
			}
		}
	}
	var out []string
	for _, part := range strings.FieldsFunc(industry, func(r rune) bool { return r == '&' || r == '/' || r == ',' }) {
		for _, p := range strings.Split(part, " and ") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}
